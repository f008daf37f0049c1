// Every team.* channel: the active environment's team database (its state, signing in and out) and the
// team journal. Listing is a read without side effects.
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { TeamService } from './team-service';

export type TeamChannel = 'team.status' | 'team.connect' | 'team.disconnect' | 'team.journal';

export function teamHandlers(team: TeamService): HandlersFor<TeamChannel> {
  return {
    'team.status': async () => ok(team.status()),
    'team.connect': (input) => team.connect(input),
    'team.disconnect': () => team.disconnect(),
    'team.journal': async (input) => {
      const page = input.page ?? 0;
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      const result = await team.journal({ ...input, page, limit });
      if (!result.ok) return result;
      const { entries, total } = result.data;
      return ok(entries, { total, pages: Math.ceil(total / limit), page, limit });
    },
  };
}
