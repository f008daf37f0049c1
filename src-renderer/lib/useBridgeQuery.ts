// Server state for pages: TanStack Query over a bridge call. Leaving a page aborts its calls in main.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Pagination } from '../../src-shared/api/envelope';
import type { AppError, Result } from '../../src-shared/ipc/result';
import { cancellable } from './bridge';

/** Thrown inside query functions so TanStack Query sees a failed Result as an error. */
export class BridgeError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

export interface Page<T> {
  data: T;
  pagination?: Pagination;
}

export function useBridgeQuery<T>(
  key: readonly unknown[],
  call: (options: { requestId: string }) => Promise<Result<T>>,
  options: { enabled?: boolean; keepPrevious?: boolean; refetchIntervalMs?: number } = {},
): UseQueryResult<Page<T>, BridgeError> {
  return useQuery<Page<T>, BridgeError>({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const r = await cancellable(signal, call);
      if (!r.ok) throw new BridgeError(r.error);
      return { data: r.data, pagination: r.pagination };
    },
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    refetchInterval: options.refetchIntervalMs,
  });
}
