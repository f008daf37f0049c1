// Serving the built renderer from the app scheme: map a request URL to a file inside the renderer
// folder, refusing anything that escapes it.
import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './renderer-baseline';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a request should be answered with, or null when it is not ours or escapes the root. */
export function resolveRendererAsset(
  rootDir: string,
  requestUrl: string,
  scheme = APP_SCHEME,
  host = APP_HOST,
): string | null {
  let u: URL;
  try {
    u = new URL(requestUrl);
  } catch {
    return null;
  }
  if (u.protocol !== `${scheme}:` || u.host !== host || u.username || u.password) return null;
  return resolveUnder(rootDir, u.pathname);
}

/** A URL path resolved inside `rootDir` (`/` is index.html), or null when it escapes it. */
export function resolveUnder(rootDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = path.resolve(rootDir);
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}
