// The renderer's security baseline as plain data and pure decisions, so each item has a table-driven
// test; the Electron shell only applies them.

/** Custom scheme the renderer is served from (never file://, never http). */
export const APP_SCHEME = 'card-desk';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * The page may load only its own scripts, styles, images and fonts, and may not connect anywhere:
 * every API call goes through main.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "worker-src 'none'",
  "manifest-src 'none'",
  "media-src 'none'",
].join('; ');

/**
 * The policy as a `<meta>` in the built index.html too (defence in depth if the page were ever loaded
 * some other way). `frame-ancestors` has no effect in a meta element, so it is left out there.
 */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((d) => !d.startsWith('frame-ancestors '))
  .join('; ');

/** The same policy with one directive replaced (the test harness lets its page talk to itself). */
export function cspWith(directive: string, value: string): string {
  return CONTENT_SECURITY_POLICY.split('; ')
    .map((d) => (d.startsWith(`${directive} `) ? `${directive} ${value}` : d))
    .join('; ');
}

/** The app is a single page with hash routes: every navigation away from it is refused. */
export function allowNavigation(_url: string): boolean {
  return false;
}

/** https origins whose links may be opened in the user's browser (documentation only). */
export const EXTERNAL_ORIGINS: readonly string[] = ['https://docs.carddesk.app'];

/** Control characters, whitespace and backslashes: parsers disagree on them, so a link holding one is refused. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point of this pattern
const AMBIGUOUS = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * The normalized URL a link may be opened as in the OS browser (https, no credentials, an allow-listed
 * origin, nothing ambiguous in it), or null. Callers open exactly this string, never the one they were given.
 */
export function externalUrl(url: string, allowList: readonly string[] = EXTERNAL_ORIGINS): string | null {
  if (AMBIGUOUS.test(url)) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.username || u.password) return null;
  return allowList.includes(u.origin) ? u.href : null;
}

/** Whether a link may be handed to the OS browser (see externalUrl). */
export function allowExternal(url: string, allowList: readonly string[] = EXTERNAL_ORIGINS): boolean {
  return externalUrl(url, allowList) !== null;
}

/** New windows are never opened by the app; allow-listed links go to the OS browser instead, as their normalized URL. */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: boolean; url: string | null } {
  const checked = externalUrl(url);
  return { action: 'deny', openExternally: checked !== null, url: checked };
}

/** Camera, microphone, notifications, geolocation...: Card Desk needs none of them. */
export function allowPermission(_permission: string): boolean {
  return false;
}
