// Names for ids that stand alone in a list. A page asks main once for the ids of its visible rows
// (`useResolvedNames`), provides the answer (`NamesProvider`), and cells show names (`CustomerRef`).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { NamesRequest, ResolvedNames } from '../../../src-shared/ipc/channels/names';
import { bridge, cancellable } from '../../lib/bridge';
import { IdWithCopy } from './CopyButton';
import { useEnvironmentKey } from '../environment/useEnvironmentKey';

const EMPTY: ResolvedNames = { customers: {}, cards: {}, transactions: {} };

/** The names of a list's ids, and whether main is still finding them (it waits for a search under way). */
export interface NamesState extends ResolvedNames {
  lookingUp: boolean;
}
const NamesContext = createContext<NamesState>({ ...EMPTY, lookingUp: false });

const distinct = (ids: readonly (string | null | undefined)[] | undefined): string[] =>
  [...new Set((ids ?? []).filter((id): id is string => typeof id === 'string' && id !== ''))].sort();

/** One call for all the ids given (a list's rows); names found so far stay while the next page's load. */
export function useResolvedNames(request: {
  customerIds?: readonly (string | null | undefined)[];
  cardIds?: readonly (string | null | undefined)[];
  transactionIds?: readonly (string | null | undefined)[];
}): NamesState {
  const env = useEnvironmentKey();
  const ids: Required<NamesRequest> = {
    customerIds: distinct(request.customerIds),
    cardIds: distinct(request.cardIds),
    transactionIds: distinct(request.transactionIds),
  };
  const any = ids.customerIds.length + ids.cardIds.length + ids.transactionIds.length > 0;
  const q = useQuery({
    queryKey: ['names', env, ids],
    queryFn: async ({ signal }) => {
      const r = await cancellable(signal, (opts) => bridge().names.resolve(ids, opts));
      return r.ok ? r.data : EMPTY;
    },
    enabled: any && env !== null,
    // Local reads, and names arrive as Card Desk learns: asked again whenever a list shows.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  // Until the answer for these ids comes, what shows is the previous ids' (or nothing).
  const lookingUp = any && env !== null && (q.isPending || q.isPlaceholderData);
  return { ...(q.data ?? EMPTY), lookingUp };
}

export function NamesProvider({
  names,
  children,
}: {
  names: NamesState;
  children: React.ReactNode;
}): React.JSX.Element {
  return <NamesContext.Provider value={names}>{children}</NamesContext.Provider>;
}

export const useNames = (): NamesState => useContext(NamesContext);

/** The customer's name when known (the id in its tooltip), else the short id with Copy. */
export function CustomerRef({ id, name }: { id: string | null | undefined; name?: string }): React.JSX.Element {
  const names = useNames();
  const known = name ?? (id ? names.customers[id]?.name : undefined);
  if (!known) return <IdWithCopy id={id} label="customer id" />;
  // The whole name on hover where a column cuts it, with the id it stands for.
  return <span title={id ? `${known} (customer ${id})` : known}>{known}</span>;
}

/** A card's `Verve •••• 1234` when known, else its short id. */
export function CardRef({ id }: { id: string | null | undefined }): React.JSX.Element {
  const names = useNames();
  const card = id ? names.cards[id] : undefined;
  if (!card) return <IdWithCopy id={id} label="card id" />;
  return (
    <span className="mono" title={id ?? undefined}>
      {card.label}
    </span>
  );
}
