// What makes two write requests "the same request": the operation and every field the user chose, in a
// canonical form, without the client reference (each attempt gets its own).
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import type { JournalOperation } from '../journal/journal';
import { safeRequest } from '../journal/safe-request';

const canonicalJson = configure({ deterministic: true, bigint: false, circularValue: Error });

/** The request without its client reference, as stored: empty metadata counts as none. */
export function meaningfulFields(request: object): Record<string, unknown> {
  // Fingerprinted as stored (number masked), so the journal never holds a hash of a full card number,
  // which would be cheap to reverse.
  const copy = safeRequest(request);
  const metadata = copy.metadata;
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata)) {
    const { clientReference: _ignored, ...rest } = metadata as Record<string, unknown>;
    if (Object.keys(rest).length > 0) copy.metadata = rest;
    else delete copy.metadata;
  }
  return copy;
}

export function fingerprintOf(operation: JournalOperation, request: object): string {
  const text = canonicalJson({ operation, request: meaningfulFields(request) });
  return createHash('sha256')
    .update(text ?? '')
    .digest('hex');
}
