// What makes two writes "the same write": the fields that decide what gets created, in a canonical form.
// Which fields count is each write kind's `fingerprintFields` in `src-shared/ipc/write-kinds.ts`. Names on a
// card, metadata and spending controls do not make a second card for the same customer on the same funds any
// less of a duplicate.
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import { WRITE_KINDS, type WriteKind } from '../../src-shared/ipc/write-kinds';
import { safeRequest } from './safe-request';

const canonicalJson = configure({ deterministic: true, bigint: false, circularValue: Error });

type Operation = WriteKind;

/** The fields of the request that make it this write, as stored (a card number masked). */
export function meaningfulFields(operation: Operation, request: object): Record<string, unknown> {
  // Fingerprinted as stored (number masked), so the journal never holds a hash of a full card number,
  // which would be cheap to reverse.
  const copy = safeRequest(request);
  const picked: Record<string, unknown> = {};
  for (const field of WRITE_KINDS[operation].fingerprintFields) {
    const value = copy[field];
    if (value !== undefined && value !== null && value !== '') picked[field] = value;
  }
  return picked;
}

export function fingerprintOf(operation: Operation, request: object): string {
  const text = canonicalJson({ operation, request: meaningfulFields(operation, request) });
  return createHash('sha256')
    .update(text ?? '')
    .digest('hex');
}

/** Bumped whenever the fields above change; older journal rows are fingerprinted again when the journal opens. */
export const FINGERPRINT_VERSION = 2;
