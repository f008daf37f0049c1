// Which update feed addresses Card Desk uses: https: only; an http: feed on this computer (127.0.0.1, ::1,
// localhost) only when Card Desk runs unpackaged, for tests. The policy file's `updates.feedUrl` is checked
// with it as it is read, and the update feed in force (src-main/updates/update-policy.ts) once more with
// whether the app is packaged.
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why Card Desk does not use `url` as its update feed, or null when it does. */
export function feedUrlProblem(url: string, options: { packaged: boolean }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `The update feed ${url} is not a valid address, so Card Desk does not look for updates.`;
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && !options.packaged && LOOPBACK.has(parsed.hostname)) return null;
  return `The update feed ${url} is not an https: address, so Card Desk does not look for updates.`;
}
