// Opening the known-cards index so that a damaged file never stops the app: it is moved aside (never
// deleted), a fresh index is built, and the cards this environment issued are put back from the journal's
// successful writes (the rest returns as authorizations and transactions are fetched again). The
// operator gets a notice; only the newest `.corrupt-*` copy is kept once the rebuild has worked.
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Card } from '../../src-shared/api/records';
import type { Logger } from '../ports/ports';
import { keepNewestCorruptCopy, moveAside } from '../storage/set-aside';
import { KNOWN_CARDS_FILE, openKnownCards, type KnownCards } from './known-cards';
import { errorMessage } from '../errors/error-message';

export interface HealedKnownCards {
  knownCards: KnownCards;
  /** What happened to the old file, for the operator (null when it opened cleanly). */
  notice: string | null;
}

export interface OpenHealingOptions {
  folder: string;
  /** The cards this environment issued, as the journal remembers them. */
  issued: () => Card[];
  now?: () => Date;
  logger?: Logger;
}

export function openKnownCardsHealing({
  folder,
  issued,
  now = () => new Date(),
  logger,
}: OpenHealingOptions): HealedKnownCards {
  const file = join(folder, KNOWN_CARDS_FILE);
  const emptied = existsSync(file) && statSync(file).size === 0;
  if (!emptied) {
    try {
      return { knownCards: openKnownCards({ folder, now }), notice: null };
    } catch (error) {
      const reason = errorMessage(error);
      if (/newer than this Card Desk/.test(reason)) throw error;
      logger?.error({ reason }, 'the known-cards index could not be opened; rebuilding it');
    }
  }
  const aside = moveAside(file, now());
  const knownCards = openKnownCards({ folder, now });
  const cards = issued();
  knownCards.observe(cards, 'issued');
  keepNewestCorruptCopy(file);
  const what = emptied ? 'was empty' : 'could not be read';
  return {
    knownCards,
    notice:
      `The index of known cards ${what}. It was set aside as ${basename(aside)} and rebuilt: ` +
      `${cards.length} card${cards.length === 1 ? '' : 's'} issued from Card Desk came back from the journal, ` +
      'and other cards return as their authorizations and transactions are opened again.',
  };
}
