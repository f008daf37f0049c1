// What a read channel answers from a call of the service: the Result and its page, without what only
// the HTTP layer needs (the ETag, a 304's notModified).
import type { Result } from '../../src-shared/ipc/result';
import type { ApiResult } from './types';

export function channelResult<T>(result: ApiResult<T>): Result<T> {
  if (!result.ok) return { ok: false, error: result.error };
  return result.pagination
    ? { ok: true, data: result.data, pagination: result.pagination }
    : { ok: true, data: result.data };
}
