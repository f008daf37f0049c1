// Where updates come from, and whether Card Desk looks for them at all: the feed address built into the
// app (electron-builder.yml's `publish`, written to resources/app-update.yml), which IT can replace or
// switch off through the policy file's `updates: { feedUrl, enabled }`.
export interface UpdatePolicy {
  /** An http(s) address of a generic update feed (the folder holding latest*.yml). */
  feedUrl?: string;
  /** False turns update checks off. */
  enabled?: boolean;
}

export interface UpdateFeed {
  enabled: boolean;
  /** The feed's address; null when none was built in or given. */
  feedUrl: string | null;
}

/** The feed in force: the policy's values where set, else the build's. */
export function updateFeed(builtIn: string | null, policy: UpdatePolicy = {}): UpdateFeed {
  const feedUrl = policy.feedUrl ?? builtIn;
  return { enabled: policy.enabled !== false && feedUrl !== null, feedUrl };
}
