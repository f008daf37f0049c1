// What a proxy's Proxy-Authenticate lines offer, and the Kerberos service principal asked for.
import { describe, expect, it } from 'vitest';
import { challengesOf, schemesOffered } from '../../../src-main/api/proxy-challenge';
import { problemOf, servicePrincipal } from '../../../src-main/api/negotiate-kerberos';

describe("a proxy's challenges", () => {
  it('reads several lines, several challenges a line, tokens and realms', () => {
    const challenges = challengesOf([
      'Negotiate',
      'NTLM TlRMTVNTUAACAAAA==',
      'Basic realm="Head office, Lagos", Digest realm="x", nonce="abc"',
    ]);
    expect(challenges).toEqual([
      { scheme: 'negotiate' },
      { scheme: 'ntlm', token: 'TlRMTVNTUAACAAAA==' },
      { scheme: 'basic', realm: 'Head office, Lagos' },
      { scheme: 'digest', realm: 'x' },
    ]);
  });

  it('ranks what Card Desk answers as Chrome does: Negotiate, NTLM, Basic', () => {
    expect(schemesOffered(challengesOf(['Basic realm="p"', 'NTLM', 'Negotiate', 'Digest nonce="1"']))).toEqual([
      'negotiate',
      'ntlm',
      'basic',
    ]);
  });
});

describe('the service principal of a proxy', () => {
  it("is HTTP at the proxy's host, as GSSAPI or SSPI names it", () => {
    expect(servicePrincipal('proxy.corp.example', undefined, 'linux')).toBe('HTTP@proxy.corp.example');
    expect(servicePrincipal('proxy.corp.example', undefined, 'win32')).toBe('HTTP/proxy.corp.example');
  });

  it('is the one Settings or the policy names, written either way', () => {
    expect(servicePrincipal('10.0.0.8', 'HTTP/proxy.corp.example', 'linux')).toBe('HTTP@proxy.corp.example');
    expect(servicePrincipal('10.0.0.8', 'HTTP@proxy.corp.example', 'win32')).toBe('HTTP/proxy.corp.example');
    expect(servicePrincipal('10.0.0.8', 'HTTP/proxy.corp.example@CORP.EXAMPLE', 'linux')).toBe(
      'HTTP@proxy.corp.example',
    );
  });

  it("reads GSSAPI's and SSPI's failures as what the operator can do", () => {
    expect(problemOf('No Kerberos credentials available (default cache: FILE:/tmp/krb5cc_0)')).toBe('no_ticket');
    expect(problemOf('SEC_E_NO_CREDENTIALS')).toBe('no_ticket');
    expect(problemOf('Server HTTP/x@R not found in Kerberos database')).toBe('unknown_principal');
    expect(problemOf('Clock skew too great')).toBe('failed');
  });
});
