// The framing of the Windows sign-in's reader of the server's first messages (src-main/team/windows-sign-in.ts):
// GSS requests are taken out whole, however the bytes arrive; everything else reaches node-postgres in order,
// and from the server's AuthenticationOk on the stream passes through untouched.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { gssResponse, startupRelay, type GssRequest } from '../../../src-main/team/windows-sign-in';

const authentication = (code: number, data = Buffer.alloc(0)) => {
  const message = Buffer.alloc(9 + data.length);
  message.write('R', 0, 'latin1');
  message.writeInt32BE(8 + data.length, 1);
  message.writeInt32BE(code, 5);
  data.copy(message, 9);
  return message;
};
const parameterStatus = Buffer.concat([Buffer.from('S'), Buffer.from([0, 0, 0, 12]), Buffer.from('a\0b\0c\0d\0')]);

function relayed(chunks: Buffer[]) {
  const stream = new EventEmitter();
  const requests: GssRequest[] = [];
  const out: Buffer[] = [];
  startupRelay(stream, (request) => requests.push(request)).on('data', (chunk: Buffer) => out.push(chunk));
  for (const chunk of chunks) stream.emit('data', chunk);
  return { requests, out: Buffer.concat(out) };
}

describe('the Windows sign-in relay', () => {
  const token = Buffer.from('server-token');
  const bytes = Buffer.concat([authentication(7), authentication(8, token), authentication(0), parameterStatus]);

  it('takes out GSS and GSS-continue requests and passes the rest on, in order', () => {
    const { requests, out } = relayed([bytes]);
    expect(requests.map((r) => r.code)).toEqual([7, 8]);
    expect(requests[1]!.data.toString()).toBe('server-token');
    expect(out.equals(Buffer.concat([authentication(0), parameterStatus]))).toBe(true);
  });

  it('reads the same however the bytes are split', () => {
    const oneByOne = [...bytes].map((byte) => Buffer.from([byte]));
    const { requests, out } = relayed(oneByOne);
    expect(requests.map((r) => r.code)).toEqual([7, 8]);
    expect(out.equals(Buffer.concat([authentication(0), parameterStatus]))).toBe(true);
  });

  it('passes an error at sign-in on whole, and everything after it', () => {
    const error = Buffer.concat([Buffer.from('E'), Buffer.from([0, 0, 0, 6]), Buffer.from('M\0')]);
    const { requests, out } = relayed([Buffer.concat([authentication(9), error]), Buffer.from('rest')]);
    expect(requests.map((r) => r.code)).toEqual([9]);
    expect(out.toString('latin1')).toBe(Buffer.concat([error, Buffer.from('rest')]).toString('latin1'));
  });

  it("answers with a 'p' message carrying the token", () => {
    const message = gssResponse(Buffer.from([1, 2, 3]));
    expect([...message]).toEqual([0x70, 0, 0, 0, 7, 1, 2, 3]);
  });
});
