// The Hono environment every sandbox route shares.
import type { HttpBindings } from '@hono/node-server';
import type { SandboxEndpoint, SandboxRequestLogEntry } from '../handle';

/** A POST body as received: its text, and the parsed JSON when it parsed. */
export type ReceivedBody = { text: string; json: unknown; isJson: boolean };

export type SandboxEnv = {
  Bindings: HttpBindings;
  Variables: {
    endpoint: SandboxEndpoint | null;
    logEntry: SandboxRequestLogEntry | null;
    body: ReceivedBody | undefined;
    /** Overrides the logged status (0 when nothing was answered). */
    loggedStatus: number | undefined;
  };
};
