import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
  allowExternal,
  externalUrl,
  allowNavigation,
  allowPermission,
  cspWith,
  windowOpenDecision,
} from '../../../src-main/security/renderer-baseline';
import { resolveRendererAsset, resolveUnder } from '../../../src-main/security/renderer-assets';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );

describe('content security policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);
  it('allows scripts only from the app itself: no inline, no eval, no remote origin', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
  it('refuses everything not named (default-src none) and all connections from the page', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'none'"]);
  });
  it.each(['object-src', 'base-uri', 'frame-src', 'frame-ancestors', 'form-action', 'worker-src'])(
    '%s is none',
    (d) => {
      expect(csp.get(d)).toEqual(["'none'"]);
    },
  );
  it('names no remote origin and no unsafe keyword anywhere', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|https?:|\*|ws:/);
  });
  it('is also in the built page as a meta element, without the header-only frame-ancestors', () => {
    const meta = directives(META_CONTENT_SECURITY_POLICY);
    expect(meta.get('script-src')).toEqual(["'self'"]);
    expect(meta.get('connect-src')).toEqual(["'none'"]);
    expect(meta.has('frame-ancestors')).toBe(false);
  });
  it('cspWith replaces only the named directive', () => {
    const changed = directives(cspWith('connect-src', "'self'"));
    expect(changed.get('connect-src')).toEqual(["'self'"]);
    expect(changed.get('script-src')).toEqual(["'self'"]);
  });
});

describe('navigation and new windows', () => {
  const urls = [
    `${APP_ORIGIN}/index.html`,
    'https://evil.example/',
    'http://127.0.0.1:1234/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://docs.carddesk.app/guide',
    'data:text/html,<script>alert(1)</script>',
  ];
  it.each(urls)('navigation to %s is refused', (url) => expect(allowNavigation(url)).toBe(false));
  it.each(urls)('a new window for %s is denied', (url) => expect(windowOpenDecision(url).action).toBe('deny'));
  it.each([
    ['https://docs.carddesk.app/guide', true],
    ['https://docs.carddesk.app.evil.example/', false],
    ['https://user:pw@docs.carddesk.app/', false],
    ['http://docs.carddesk.app/', false],
    ['https://evil.example/', false],
    ['not a url', false],
    ['https://docs.carddesk.app\\@evil.example/', false],
    ['https://evil.example\\@docs.carddesk.app/', false],
    ['https://docs.carddesk.app/\u0000@evil.example', false],
    ['https://docs.carddesk.app/gu\nide', false],
    [' https://docs.carddesk.app/guide', false],
    ['https://docs.carddesk.app/a b', false],
  ] as const)('opening %s externally: %s', (url, allowed) => {
    expect(allowExternal(url)).toBe(allowed);
    expect(windowOpenDecision(url).openExternally).toBe(allowed);
  });

  it('hands on the normalized URL it checked, not the string it was given', () => {
    expect(externalUrl('HTTPS://DOCS.CARDDESK.APP:443/guide/../start?q=1#x')).toBe(
      'https://docs.carddesk.app/start?q=1#x',
    );
    expect(windowOpenDecision('https://docs.carddesk.app').url).toBe('https://docs.carddesk.app/');
    expect(windowOpenDecision('https://evil.example/').url).toBeNull();
  });
});

describe('permissions', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'clipboard-sanitized-write',
    'openExternal',
    'fullscreen',
    'hid',
    'serial',
    'usb',
  ])('%s is refused', (p) => expect(allowPermission(p)).toBe(false));
});

describe('renderer assets', () => {
  it.each([
    [`${APP_ORIGIN}/index.html`, '/r/index.html'],
    [`${APP_ORIGIN}/`, '/r/index.html'],
    [`${APP_ORIGIN}/assets/app.js`, '/r/assets/app.js'],
    [`${APP_ORIGIN}/../../etc/passwd`, '/r/etc/passwd'],
    [`${APP_ORIGIN}/%2e%2e/%2e%2e/etc/passwd`, '/r/etc/passwd'],
    [`${APP_ORIGIN}/assets/%00.js`, null],
    ['card-desk://other/index.html', null],
    ['https://app/index.html', null],
    ['card-desk://x@app/index.html', null],
  ] as const)('%s resolves to %s', (url, file) => {
    expect(resolveRendererAsset('/r', url)).toBe(file);
  });
  it.each(['/../../etc/passwd', '/assets/../../x', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd', '/%E0%A4%A'])(
    'a raw path %s cannot leave the folder',
    (p) => {
      expect(resolveUnder('/r', p)).toBeNull();
    },
  );
});
