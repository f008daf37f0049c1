// Where updates come from, and whether Card Desk looks for them at all: the feed address built into the
// app (electron-builder.yml's `publish`, written to resources/app-update.yml), which IT can replace or
// switch off through the policy file's `updates: { feedUrl, enabled }`. The feed must be https:; an http:
// feed on this computer (127.0.0.1, ::1, localhost) is accepted only when Card Desk runs unpackaged, for
// tests. Whatever the feed, what it serves is installed only when signed with a key built into the app
// (release-signature.ts): the policy cannot add keys.
import { feedUrlProblem } from '../policy/feed-url';

export { feedUrlProblem };
export interface UpdatePolicy {
  /** An https address of a generic update feed (the folder holding latest*.yml). */
  feedUrl?: string;
  /** False turns update checks off. */
  enabled?: boolean;
}

export interface UpdateFeed {
  enabled: boolean;
  /** The feed's address; null when none was built in or given. */
  feedUrl: string | null;
  /** Why the feed is not used (not https:); updates are then off and the status says this. */
  problem?: string;
}

/** The feed in force: the policy's values where set, else the build's; off when it is not https:. */
export function updateFeed(builtIn: string | null, policy: UpdatePolicy, options: { packaged: boolean }): UpdateFeed {
  const feedUrl = policy.feedUrl ?? builtIn;
  if (policy.enabled === false || feedUrl === null) return { enabled: false, feedUrl };
  const problem = feedUrlProblem(feedUrl, options);
  return problem ? { enabled: false, feedUrl, problem } : { enabled: true, feedUrl };
}
