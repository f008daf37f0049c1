import { describe, expect, it } from 'vitest';
import { isTrustedSender, originOf } from '../../../src-main/ipc/sender';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';

const allowed = [APP_ORIGIN];

describe('trusted sender', () => {
  it.each([
    ['our top frame', { frameUrl: `${APP_ORIGIN}/index.html#/cards`, isTopFrame: true }, true],
    ['an iframe of our own origin', { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: false }, false],
    ['a look-alike host', { frameUrl: 'card-desk://app.evil/index.html', isTopFrame: true }, false],
    ['a longer host', { frameUrl: 'card-desk://appx/index.html', isTopFrame: true }, false],
    ['credentials before the host', { frameUrl: 'card-desk://app@evil/index.html', isTopFrame: true }, false],
    ['our host with credentials', { frameUrl: 'card-desk://evil@app/index.html', isTopFrame: true }, false],
    ['another scheme, same host', { frameUrl: 'https://app/index.html', isTopFrame: true }, false],
    ['a remote page', { frameUrl: 'https://evil.example/', isTopFrame: true }, false],
    ['a file URL', { frameUrl: 'file:///srv/card-desk/x.html', isTopFrame: true }, false],
    ['no URL', { frameUrl: null, isTopFrame: true }, false],
    ['an empty URL', { frameUrl: '', isTopFrame: true }, false],
    ['a non-URL', { frameUrl: 'card-desk app', isTopFrame: true }, false],
    ['about:blank', { frameUrl: 'about:blank', isTopFrame: true }, false],
  ])('%s → %s', (_name, sender, expected) => {
    expect(isTrustedSender(sender, allowed)).toBe(expected);
  });

  it('accepts a dev server origin only when it is allowed', () => {
    const dev = { frameUrl: 'http://localhost:5173/', isTopFrame: true };
    expect(isTrustedSender(dev, allowed)).toBe(false);
    expect(isTrustedSender(dev, [...allowed, 'http://localhost:5173'])).toBe(true);
    expect(
      isTrustedSender({ frameUrl: 'http://localhost:5174/', isTopFrame: true }, [...allowed, 'http://localhost:5173']),
    ).toBe(false);
  });

  it('originOf keeps scheme, host and port literally', () => {
    expect(originOf('card-desk://app/x')).toBe('card-desk://app');
    expect(originOf('http://127.0.0.1:8080/x?y')).toBe('http://127.0.0.1:8080');
    expect(originOf('card-desk://u:p@app/')).toBeNull();
  });
});
