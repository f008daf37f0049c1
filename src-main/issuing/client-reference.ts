// The reference every card request carries in `metadata.clientReference`, so a card whose creation had an
// unknown outcome can be recognised when it is seen later.
import { randomUUID } from 'node:crypto';

export const CLIENT_REFERENCE_PREFIX = 'cd-';
export const newClientReference = (): string => `${CLIENT_REFERENCE_PREFIX}${randomUUID()}`;
