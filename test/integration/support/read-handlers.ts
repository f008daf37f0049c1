// The channels that read the service, each from the room that owns its namespace (customers, cards,
// accounts, activity), on the environment `getActive` gives, for tests that call them through a dispatcher.
// No write and no cache is reached from here: a test that did would be wrong, and fails saying so.
import { accountHandlers } from '../../../src-main/accounts/handlers';
import { activityHandlers } from '../../../src-main/activity/handlers';
import type { CardApiClient } from '../../../src-main/api/types';
import { customerHandlers } from '../../../src-main/cache/handlers';
import { cardHandlers } from '../../../src-main/cards/handlers';
import type { KnownCards } from '../../../src-main/cards/known-cards';
import type { CardObservations } from '../../../src-main/cards/observations';

const notHere = (what: string) => async (): Promise<never> => {
  throw new Error(`${what} is not part of this test`);
};

export function serviceReadHandlers(
  getActive: () => Promise<{ api: CardApiClient }>,
  options: { knownCards?: KnownCards; observations?: CardObservations } = {},
) {
  const { knownCards, observations } = options;
  return {
    ...customerHandlers({ getCache: notHere('the customer cache'), getActive }),
    ...cardHandlers({
      getActive,
      getKnownCards: knownCards ? async () => knownCards : notHere('the known-cards index'),
      createCard: notHere('issuing a card'),
      ...(observations ? { observe: observations } : {}),
    }),
    ...accountHandlers({ getActive, createAccount: notHere('opening an account') }),
    ...activityHandlers({ getActive, ...(observations ? { observe: observations } : {}) }),
  };
}
