// Options of the Electron shell that IT may set: the IT policy file (/etc/card-desk/policy.json, read at
// start in index.ts) supplies them; what it leaves out keeps these defaults.
import type { UpdatePolicy } from '../updates/update-policy';

export interface ShellOptions {
  /** Reload and the developer tools in a packaged build (policy `allowDevTools`). Default false. */
  allowDevTools: boolean;
  /** The update feed (policy `updates: { feedUrl, enabled }`); unset keys keep the build's values. */
  updates: UpdatePolicy;
}

export function shellOptions(given: Partial<ShellOptions> = {}): ShellOptions {
  return { allowDevTools: given.allowDevTools ?? false, updates: given.updates ?? {} };
}
