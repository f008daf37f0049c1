// NTLM's three messages (MS-NLMP) for a proxy that asks for NTLM sign-in with a user name and password:
// NEGOTIATE, then the proxy's CHALLENGE, then AUTHENTICATE with an NTLMv2 response, on one connection.
// NTLMv2 only, as Chrome sends it: never LM or NTLMv1 (which a captured exchange gives away). No MIC and
// no session key: a proxy's sign-in signs nothing after it (curl answers the same way). The client
// challenge comes from crypto.randomBytes.
import { createHmac, randomBytes } from 'node:crypto';
import md4 from 'js-md4';

const SIGNATURE = Buffer.from('NTLMSSP\0', 'latin1');

const NEGOTIATE_UNICODE = 0x00000001;
const NEGOTIATE_OEM = 0x00000002;
const REQUEST_TARGET = 0x00000004;
const NEGOTIATE_NTLM = 0x00000200;
const NEGOTIATE_ALWAYS_SIGN = 0x00008000;
const NEGOTIATE_EXTENDED_SESSIONSECURITY = 0x00080000;
const NEGOTIATE_TARGET_INFO = 0x00800000;
const NEGOTIATE_128 = 0x20000000;
const NEGOTIATE_56 = 0x80000000;

/** What the client asks for in NEGOTIATE. */
const CLIENT_FLAGS =
  (NEGOTIATE_UNICODE |
    NEGOTIATE_OEM |
    REQUEST_TARGET |
    NEGOTIATE_NTLM |
    NEGOTIATE_ALWAYS_SIGN |
    NEGOTIATE_EXTENDED_SESSIONSECURITY |
    NEGOTIATE_128 |
    NEGOTIATE_56) >>>
  0;

/** MsvAvTimestamp: the server's time, which the response must then use. */
const AV_TIMESTAMP = 7;

export interface NtlmChallenge {
  flags: number;
  serverChallenge: Buffer;
  /** The AV pairs as sent (the NTLMv2 response repeats them). */
  targetInfo: Buffer;
  /** The server's MsvAvTimestamp (a FILETIME, 8 bytes), when it sent one. */
  timestamp: Buffer | null;
}

export interface NtlmCredentials {
  user: string;
  /** The domain ("CORP" of "CORP\\alice"); may be empty. */
  domain: string;
  password: string;
}

/** "CORP\\alice" or "alice@corp.example" as user and domain; a plain name has no domain. */
export function ntlmUser(name: string): { user: string; domain: string } {
  const backslash = name.indexOf('\\');
  if (backslash > 0) return { domain: name.slice(0, backslash), user: name.slice(backslash + 1) };
  const at = name.lastIndexOf('@');
  if (at > 0) return { user: name.slice(0, at), domain: name.slice(at + 1) };
  return { user: name, domain: '' };
}

/** NEGOTIATE, base64 (the first message). */
export function negotiateMessage(): string {
  const message = Buffer.alloc(32);
  SIGNATURE.copy(message, 0);
  message.writeUInt32LE(1, 8);
  message.writeUInt32LE(CLIENT_FLAGS, 12);
  // Domain and workstation fields are empty (length 0, offset 32).
  message.writeUInt32LE(32, 20);
  message.writeUInt32LE(32, 28);
  return message.toString('base64');
}

/** A security buffer's bytes (length at `at`, offset at `at + 4`), checked against the message. */
function field(message: Buffer, at: number): Buffer {
  const length = message.readUInt16LE(at);
  const offset = message.readUInt32LE(at + 4);
  if (length === 0) return Buffer.alloc(0);
  if (offset + length > message.length) throw new Error('The NTLM challenge is damaged (a field runs past its end).');
  return message.subarray(offset, offset + length);
}

/** Reads the proxy's CHALLENGE (base64); throws naming what is wrong. */
export function parseChallenge(base64: string): NtlmChallenge {
  const message = Buffer.from(base64, 'base64');
  if (message.length < 32 || !message.subarray(0, 8).equals(SIGNATURE) || message.readUInt32LE(8) !== 2)
    throw new Error('The proxy sent an NTLM answer that is not a CHALLENGE message.');
  const flags = message.readUInt32LE(20);
  const targetInfo = message.length >= 48 && flags & NEGOTIATE_TARGET_INFO ? field(message, 40) : Buffer.alloc(0);
  let timestamp: Buffer | null = null;
  for (let at = 0; at + 4 <= targetInfo.length;) {
    const id = targetInfo.readUInt16LE(at);
    const length = targetInfo.readUInt16LE(at + 2);
    if (id === 0) break;
    if (id === AV_TIMESTAMP && length === 8) timestamp = Buffer.from(targetInfo.subarray(at + 4, at + 12));
    at += 4 + length;
  }
  return {
    flags,
    serverChallenge: Buffer.from(message.subarray(24, 32)),
    targetInfo: Buffer.from(targetInfo),
    timestamp,
  };
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const hmacMd5 = (key: Buffer, ...data: Buffer[]) => {
  const hmac = createHmac('md5', key);
  for (const d of data) hmac.update(d);
  return hmac.digest();
};

/** NTOWFv2: HMAC-MD5 of the upper-case user and the domain, keyed by MD4 of the password (MS-NLMP 3.3.2). */
export function ntowfv2(credentials: NtlmCredentials): Buffer {
  const ntHash = Buffer.from(md4.create().update(utf16(credentials.password)).arrayBuffer());
  return hmacMd5(ntHash, utf16(credentials.user.toUpperCase() + credentials.domain));
}

/** Now as a FILETIME: 100 ns ticks since 1601-01-01, little-endian. */
function fileTimeNow(): Buffer {
  const ticks = (BigInt(Date.now()) + 11_644_473_600_000n) * 10_000n;
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(ticks);
  return time;
}

export interface NtlmResponses {
  lm: Buffer;
  nt: Buffer;
}

/** The NTLMv2 responses to `challenge` (MS-NLMP 3.3.2); `clientChallenge` and `time` are fixed by tests. */
export function ntlmv2Responses(
  challenge: NtlmChallenge,
  credentials: NtlmCredentials,
  clientChallenge: Buffer = randomBytes(8),
  time: Buffer = challenge.timestamp ?? fileTimeNow(),
): NtlmResponses {
  const key = ntowfv2(credentials);
  const temp = Buffer.concat([
    Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]),
    time,
    clientChallenge,
    Buffer.alloc(4),
    challenge.targetInfo,
    Buffer.alloc(4),
  ]);
  const proof = hmacMd5(key, challenge.serverChallenge, temp);
  // With the server's timestamp, the LM response is zeros (MS-NLMP 3.1.5.1.2).
  const lm = challenge.timestamp
    ? Buffer.alloc(24)
    : Buffer.concat([hmacMd5(key, challenge.serverChallenge, clientChallenge), clientChallenge]);
  return { lm, nt: Buffer.concat([proof, temp]) };
}

/** AUTHENTICATE, base64: the answer to the proxy's CHALLENGE. */
export function authenticateMessage(challenge: NtlmChallenge, credentials: NtlmCredentials): string {
  const { lm, nt } = ntlmv2Responses(challenge, credentials);
  const unicode = (challenge.flags & NEGOTIATE_UNICODE) !== 0;
  const text = (s: string) => (unicode ? utf16(s) : Buffer.from(s, 'latin1'));
  const fields = [lm, nt, text(credentials.domain), text(credentials.user), text(''), Buffer.alloc(0)];
  const header = Buffer.alloc(64);
  SIGNATURE.copy(header, 0);
  header.writeUInt32LE(3, 8);
  let offset = header.length;
  fields.forEach((bytes, i) => {
    header.writeUInt16LE(bytes.length, 12 + i * 8);
    header.writeUInt16LE(bytes.length, 14 + i * 8);
    header.writeUInt32LE(offset, 16 + i * 8);
    offset += bytes.length;
  });
  const flags = (challenge.flags & CLIENT_FLAGS & ~(unicode ? NEGOTIATE_OEM : NEGOTIATE_UNICODE)) >>> 0;
  header.writeUInt32LE(flags, 60);
  return Buffer.concat([header, ...fields]).toString('base64');
}
