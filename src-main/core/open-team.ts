// The team database's service as the app core builds it: the journal's outbox, the customer sync with the
// active environment's cache and API client, and following the active environment. Its feed is handed to
// the environment's cache through `feeds` (the cache is opened before the service exists). Beside it, the
// cards other desks issued, learned from the team journal into the active environment's known cards.
import { backgroundClient } from '../api/call-priority';
import type { CustomerCacheService, CustomerFeed } from '../cache/service';
import type { EnvironmentManager } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import type { Journal } from '../journal/journal';
import type { SecretStore } from '../keychain/secret-store';
import type { Emit, Logger } from '../ports/ports';
import type { Policy } from '../policy/policy';
import type { KnownCards } from '../cards/known-cards';
import { TeamCards } from '../team/team-cards';
import { TeamService, teamCustomerFeed } from '../team/team-service';
import type { AppCoreOptions } from './app-core-options';

export interface TeamSetup {
  dataDir: string;
  secretStore: SecretStore;
  policy: Policy;
  journal: () => Journal;
  environments: EnvironmentManager;
  getCache: () => Promise<CustomerCacheService>;
  /** The active environment's known cards, which learn the cards other desks issued. */
  getKnownCards: () => Promise<KnownCards>;
  emit: Emit;
  logger: Logger;
  timings: AppCoreOptions['team'];
  /** Where the environments' caches ask for their feed (set here once the service exists). */
  feeds: { of: (environmentId: string) => CustomerFeed | null };
}

export async function openTeam(
  setup: TeamSetup,
): Promise<{ team: TeamService; teamCards: TeamCards; stopFollowing: () => void }> {
  const { environments, timings } = setup;
  const team = new TeamService({
    dataDir: setup.dataDir,
    secretStore: setup.secretStore,
    policy: setup.policy,
    journal: setup.journal,
    extraCa: async (id) => environments.networks.extraCaOf(id),
    emit: setup.emit,
    logger: setup.logger,
    ...timings,
    customers: {
      cache: setup.getCache,
      api: async () => backgroundClient((await environments.active()).api),
      ...(timings?.customers ? { timings: timings.customers } : {}),
    },
  });
  setup.feeds.of = (environmentId) => teamCustomerFeed(team, environmentId);
  await team.activate((await environments.list()).activeId);
  const stopFollowing = environments.onChange((change) => team.activate(change.environment.id));
  // A card issued on any desk is known on every desk.
  const teamCards = new TeamCards({
    team,
    environment: async () => {
      const { environment } = await environments.active();
      return { id: environment.id, origin: originOf(environment.baseUrl) };
    },
    observe: async (cards) => (await setup.getKnownCards()).observe(cards, 'team-journal'),
    logger: setup.logger,
    ...(timings?.sendEveryMs === undefined ? {} : { everyMs: timings.sendEveryMs }),
  });
  return { team, teamCards, stopFollowing };
}
