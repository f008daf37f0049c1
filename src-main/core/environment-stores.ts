// The stores each environment has of its own, opened for the active environment on first use and closed
// when the operator switches: the customer cache (with the policy's schedule), the known cards and the
// seen transactions. A switch of environment (or of its address) reopens them with the right client.
import type { Customer } from '../../src-shared/api/records';
import { backgroundClient } from '../api/call-priority';
import { applyPolicySchedule } from '../cache/policy-schedule';
import { openCustomerCache, type CustomerCacheService, type CustomerFeed } from '../cache/service';
import { cacheAccountOf, loadCacheKeys } from '../cache/store/cache-keys';
import type { KnownCards } from '../cards/known-cards';
import { openKnownCardsHealing } from '../cards/known-cards-file';
import { openSeenTransactions, type SeenTransactions } from '../cards/seen-transactions';
import { originOf } from '../environments/environment-keys';
import type { EnvironmentManager } from '../environments/environment-manager';
import { errorMessage } from '../errors/error-message';
import { issuedCardsFromJournal } from '../issuing/issued-cards';
import type { Journal } from '../journal/journal';
import type { SecretStore } from '../keychain/secret-store';
import type { AppLogger } from '../logging/logger';
import type { Policy } from '../policy/policy';
import type { Emit } from '../ports/ports';
import { EnvironmentScoped } from './environment-scope';

export interface EnvironmentStoresDeps {
  dataDir: string;
  environments: EnvironmentManager;
  secretStore: SecretStore;
  journal: () => Journal;
  policy: Policy;
  emit: Emit;
  logger: AppLogger;
  cacheWorkerUrl?: URL;
  /** Where an environment's cache fills from instead of the API, when a team database fills it. */
  customerFeed?: (environmentId: string) => CustomerFeed | null;
}

export interface EnvironmentStores {
  getCache: () => Promise<CustomerCacheService>;
  getKnownCards: () => Promise<KnownCards>;
  getSeenTransactions: () => Promise<SeenTransactions>;
  /** The customers a search text names, from the cache: how the journal and the cards are searched by name. */
  customerIdsNamed: (text: string) => Promise<string[]>;
  /** A customer as the operator knows them: their name, or an individual's first and last names. */
  customerName: (customerId: string) => Promise<string | null>;
  close: () => Promise<void>;
}

function nameOf(customer: Customer | null): string | null {
  if (!customer) return null;
  const parts = [customer.individual?.firstName, customer.individual?.lastName].filter(Boolean);
  return customer.name?.trim() || parts.join(' ') || null;
}

export function environmentStores(deps: EnvironmentStoresDeps): EnvironmentStores {
  const { dataDir, environments, logger } = deps;
  const knownCards = new EnvironmentScoped<KnownCards>(async (environmentId, folder) => {
    // Only the cards issued at the environment's current address: its folder is that address's own.
    const origin = originOf((await environments.active()).environment.baseUrl);
    const healed = openKnownCardsHealing({
      folder,
      issued: () => issuedCardsFromJournal(deps.journal(), environmentId, origin),
      logger,
    });
    if (healed.notice) environments.notice(healed.notice, true);
    return healed.knownCards;
  });
  const seenTransactions = new EnvironmentScoped<SeenTransactions>(async (_id, folder) =>
    openSeenTransactions({ folder }),
  );
  const caches = new EnvironmentScoped<CustomerCacheService>(async (environmentId, folder) => {
    const active = await environments.active();
    const opened = await openCustomerCache({
      folder,
      environmentId,
      // The cache's keys are filed by its folder (the environment's id and address folder; the local
      // sandbox has one folder whatever its port), under the environment's id (cache-keys.ts).
      keys: await loadCacheKeys(deps.secretStore, cacheAccountOf(dataDir, folder), logger),
      // Customer sync is background work: it leaves a reserve of the rate limit to the operator.
      api: backgroundClient(active.api),
      emit: deps.emit,
      logger,
      workerUrl: deps.cacheWorkerUrl,
      onSynced: (iso: string | null) => environments.setLastSyncedAt(iso),
      feed: () => deps.customerFeed?.(environmentId) ?? null,
    });
    return applyPolicySchedule(opened, deps.policy);
  });
  const inActive = async <T extends { close(): void | Promise<void> }>(scoped: EnvironmentScoped<T>) => {
    const active = await environments.active();
    return scoped.get(active.environment.id, active.dataDir);
  };
  const closeAll = async () => {
    await caches.closeCurrent();
    await knownCards.closeCurrent();
    await seenTransactions.closeCurrent();
  };
  const offChange = environments.onChange(closeAll);
  const getCache = () => inActive(caches);

  return {
    getCache,
    getKnownCards: () => inActive(knownCards),
    getSeenTransactions: () => inActive(seenTransactions),
    customerIdsNamed: async (text) => {
      try {
        // As the lists show them (no sealed record opened): only their ids are wanted.
        return (await (await getCache()).searchListed(text, 200)).results.map((c) => c._id);
      } catch (e) {
        logger.warn({ error: errorMessage(e) }, 'could not search customers by name');
        return [];
      }
    },
    customerName: async (customerId) => nameOf(await (await getCache()).get(customerId)),
    close: async () => {
      offChange();
      await closeAll();
    },
  };
}
