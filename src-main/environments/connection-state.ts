// What a call's outcome says about the connection to the active environment.
import type { CONNECTION_STATES } from '../../src-shared/ipc/channels/settings';
import type { ErrorKind } from '../../src-shared/ipc/result';

export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** The connection state an outcome implies, or null when it says nothing about the connection. */
export function connectionAfter(kind: 'ok' | ErrorKind): ConnectionState | null {
  switch (kind) {
    case 'ok':
    case 'validation':
    case 'not_found':
    case 'conflict':
    case 'forbidden':
    case 'server': // the service answered, even if badly
      return 'online';
    case 'unauthorized':
      return 'unauthorized';
    case 'rate_limited':
      return 'rate_limited';
    case 'network':
    case 'proxy_unreachable':
    case 'proxy_auth':
    case 'timeout':
    case 'outcome_unknown':
    case 'offline':
      return 'offline';
    case 'cancelled':
    case 'internal':
    case 'keychain_unavailable':
      return null;
  }
}
