// What the operator is told when a proxy's 407 could not be answered: one message per state the sign-in can
// end in (the states a real Squid and KDC give are in test/integration/network/proxy-sign-in.test.ts).
import { describe, expect, it } from 'vitest';
import { errorForProxySignIn } from '../../../src-main/api/network-failures';
import type { SignInOutcome } from '../../../src-main/api/proxy-sign-in';

const ctx = { host: 'api.example.com', proxy: 'proxy.corp:8080' };
const say = (source: 'manual' | 'system', outcome: SignInOutcome) => errorForProxySignIn(ctx, { source, outcome });

describe('a 407 Card Desk could not answer', () => {
  it('names a Windows sign-in the proxy refused', () => {
    const e = say('system', { offered: ['negotiate'], problems: [{ scheme: 'negotiate', reason: 'refused' }] });
    expect(e).toMatchObject({ kind: 'proxy_auth', status: 407 });
    expect(e.message).toBe(
      'The proxy proxy.corp:8080 wants your Windows sign-in (Negotiate, Kerberos), and it refused the Windows (Kerberos) sign-in Card Desk sent. Ask your IT team whether your account may use the proxy. Nothing was sent to api.example.com.',
    );
  });

  it("gives the system's words when Kerberos failed otherwise, naming the principal", () => {
    const e = say('manual', {
      offered: ['negotiate'],
      problems: [{ scheme: 'negotiate', reason: 'kerberos_failed', detail: 'Clock skew too great' }],
      servicePrincipal: 'HTTP@proxy.corp',
    });
    expect(e.message).toContain('Card Desk could not get a Kerberos ticket for HTTP/proxy.corp (Clock skew too great)');
  });

  it('offers the password too when the proxy takes one besides the Windows sign-in', () => {
    const e = say('manual', {
      offered: ['negotiate', 'basic'],
      problems: [
        { scheme: 'negotiate', reason: 'no_ticket' },
        { scheme: 'basic', reason: 'no_password' },
      ],
    });
    expect(e.message).toContain('this computer has no Kerberos ticket for it');
    expect(e.message).toContain(
      "It also accepts a user name and password: Enter the proxy's user name and password in Settings",
    );
  });

  it('says the window asks for a system proxy, and Settings for a manual one', () => {
    const outcome: SignInOutcome = { offered: ['ntlm'], problems: [{ scheme: 'ntlm', reason: 'no_password' }] };
    expect(say('system', outcome).message).toContain(
      'Card Desk asks you for the user name and password of the proxy proxy.corp:8080 (NTLM) in a window',
    );
    expect(say('manual', outcome).message).toContain("Enter the proxy's user name and password in Settings");
  });

  it('says the keychain is why no password went, and names a proxy that offers nothing Card Desk answers', () => {
    const locked = say('system', {
      offered: ['basic'],
      problems: [{ scheme: 'basic', reason: 'password_unreadable' }],
    });
    expect(locked.message).toContain("could not read the proxy's password from the system keychain");
    const digest = say('system', { offered: [], problems: [] });
    expect(digest.message).toBe(
      'The proxy proxy.corp:8080 asks for a sign-in Card Desk cannot give (it offers none of Negotiate, NTLM or Basic). Nothing was sent to api.example.com. Ask your IT team which sign-in the proxy expects.',
    );
  });
});
