// The IPC handler that names a page of ids (customers, cards, card transactions) from local stores.
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import { type NameSources, resolveNames } from './resolve-names';

export function namesHandlers(sources: NameSources): HandlersFor<'names.resolve'> {
  return {
    'names.resolve': async (input) => ok(await resolveNames(sources, input)),
  };
}
