// NTLM's messages against the worked example of the specification (MS-NLMP 4.2.4: user "User", domain
// "Domain", password "Password"), so a response that a domain controller would refuse fails here first.
import { describe, expect, it } from 'vitest';
import {
  authenticateMessage,
  negotiateMessage,
  ntlmUser,
  ntlmv2Responses,
  ntowfv2,
  parseChallenge,
} from '../../../src-main/api/ntlm';

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const credentials = { user: 'User', domain: 'Domain', password: 'Password' };
/** MS-NLMP 4.2.4.3: the CHALLENGE of the example, its AV pairs naming "Domain" and "Server". */
const CHALLENGE = hex(`
  4e544c4d53535000 02000000 0c000c00 38000000 33828ae2 0123456789abcdef 0000000000000000
  24002400 44000000 0601701700 00000f
  44006f006d00610069006e00
  02000c0044006f006d00610069006e00 01000c00530065007200760065007200 00000000`);

describe('NTLMv2 (MS-NLMP 4.2.4)', () => {
  it('derives NTOWFv2 as the specification does', () => {
    expect(ntowfv2(credentials).toString('hex')).toBe('0c868a403bfd7a93a3001ef22ef02e3f');
  });

  it('reads the CHALLENGE: flags, server challenge and target info', () => {
    const challenge = parseChallenge(CHALLENGE.toString('base64'));
    expect(challenge.serverChallenge.toString('hex')).toBe('0123456789abcdef');
    expect(challenge.targetInfo.length).toBe(36);
    expect(challenge.timestamp).toBeNull();
  });

  it('answers with the NTProofStr and LMv2 response of the example', () => {
    const challenge = parseChallenge(CHALLENGE.toString('base64'));
    const { lm, nt } = ntlmv2Responses(challenge, credentials, hex('aaaaaaaaaaaaaaaa'), Buffer.alloc(8));
    expect(nt.subarray(0, 16).toString('hex')).toBe('68cd0ab851e51c96aabc927bebef6a1c');
    expect(lm.toString('hex')).toBe('86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa');
  });

  it('builds NEGOTIATE and an AUTHENTICATE that carries the user and domain, never LM or NTLMv1', () => {
    const negotiate = Buffer.from(negotiateMessage(), 'base64');
    expect(negotiate.subarray(0, 12).toString('latin1')).toBe('NTLMSSP\0\x01\0\0\0');
    const authenticate = Buffer.from(
      authenticateMessage(parseChallenge(CHALLENGE.toString('base64')), credentials),
      'base64',
    );
    expect(authenticate.readUInt32LE(8)).toBe(3);
    const field = (at: number) =>
      authenticate.subarray(
        authenticate.readUInt32LE(at + 4),
        authenticate.readUInt32LE(at + 4) + authenticate.readUInt16LE(at),
      );
    expect(field(28).toString('utf16le')).toBe('Domain');
    expect(field(36).toString('utf16le')).toBe('User');
    // An NTLMv2 response is longer than NTLMv1's 24 bytes, and two answers never repeat (a random client challenge).
    expect(field(20).length).toBeGreaterThan(24);
    expect(authenticateMessage(parseChallenge(CHALLENGE.toString('base64')), credentials)).not.toBe(
      authenticate.toString('base64'),
    );
  });

  it('refuses what is not a CHALLENGE', () => {
    expect(() => parseChallenge(Buffer.from('not ntlm').toString('base64'))).toThrow('not a CHALLENGE');
  });

  it('reads a domain from CORP\\\\user and user@corp', () => {
    expect(ntlmUser('CORP\\adaeze')).toEqual({ user: 'adaeze', domain: 'CORP' });
    expect(ntlmUser('adaeze@corp.example')).toEqual({ user: 'adaeze', domain: 'corp.example' });
    expect(ntlmUser('adaeze')).toEqual({ user: 'adaeze', domain: '' });
  });
});
