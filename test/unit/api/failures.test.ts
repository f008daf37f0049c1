import { describe, expect, it } from 'vitest';
import {
  errorForUndecidedWrite,
  provesRejection,
  classifyTransportFailure,
  errorForStatus,
  errorForTimeout,
  errorForTransportFailure,
  scrubSecret,
} from '../../../src-main/api/failures';

const codeError = (code: string, message = code) => Object.assign(new Error(message), { code });
const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });

describe('errorForStatus', () => {
  it('400 with a string message names the field', () => {
    const e = errorForStatus(400, { body: { statusCode: 400, message: 'customerId is required', data: null } });
    expect(e).toEqual({
      kind: 'validation',
      message: 'Choose a customer',
      status: 400,
      field: 'customerId',
      fields: { customerId: 'Choose a customer' },
    });
  });
  it('400 with the array form names the field', () => {
    const body = {
      message: [{ property: 'customerId', constraints: { isNotEmpty: 'customerId should not be empty' } }],
    };
    expect(errorForStatus(400, { body })).toMatchObject({
      kind: 'validation',
      field: 'customerId',
      message: 'The customer should not be empty',
    });
  });
  it('400 without a readable body still explains', () => {
    expect(errorForStatus(400, { body: null })).toMatchObject({
      kind: 'validation',
      message: 'The service rejected the request as invalid.',
    });
  });
  it('401 keeps the server message, 404 is not_found, 403 forbidden, 409 conflict', () => {
    expect(
      errorForStatus(401, { body: { message: 'Unauthorized; provide a valid API key in the Authorization header' } }),
    ).toEqual({
      kind: 'unauthorized',
      message: 'Unauthorized; provide a valid API key in the Authorization header',
      status: 401,
    });
    expect(errorForStatus(404, { body: { message: 'Funding source not found' } })).toMatchObject({
      kind: 'not_found',
      message: 'Funding source not found',
    });
    expect(errorForStatus(403, { body: null }).kind).toBe('forbidden');
    expect(errorForStatus(409, { body: null }).kind).toBe('conflict');
  });
  it('402 and 5xx are server errors that say what happened', () => {
    expect(errorForStatus(402, { body: { message: 'Request Failed' } })).toMatchObject({
      kind: 'server',
      status: 402,
      message: 'The service could not complete the request (HTTP 402: Request Failed).',
    });
    expect(errorForStatus(503, { body: null })).toMatchObject({
      kind: 'server',
      status: 503,
      message: 'The card service had a problem (HTTP 503). Try again in a moment.',
    });
  });
  it('429 carries how long to wait', () => {
    expect(errorForStatus(429, { body: { message: 'Too many requests' }, retryAfterMs: 2_500 })).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 2_500,
      message: expect.stringContaining('about 3 s'),
    });
    expect(errorForStatus(429, { body: null, retryAfterMs: null })).not.toHaveProperty('retryAfterMs');
  });
  it('never repeats the key a server echoed', () => {
    const key = 'sk_test_1234567890abcdef';
    const e = errorForStatus(401, { body: { message: `Key ${key} is not valid` }, secret: key });
    expect(e.message).toBe('Key [redacted] is not valid');
  });
});

describe('classifyTransportFailure', () => {
  it('a refused connection sent nothing', () => {
    expect(classifyTransportFailure(fetchFailed(codeError('ECONNREFUSED')))).toMatchObject({
      phase: 'not_connected',
      code: 'ECONNREFUSED',
    });
  });
  it('finds the code inside an AggregateError (several addresses tried)', () => {
    const aggregate = Object.assign(new AggregateError([codeError('ECONNREFUSED'), codeError('ECONNREFUSED')], ''), {
      code: 'ECONNREFUSED',
    });
    expect(classifyTransportFailure(fetchFailed(aggregate)).phase).toBe('not_connected');
  });
  it('a socket closed by the other side may have delivered the request', () => {
    expect(classifyTransportFailure(fetchFailed(codeError('UND_ERR_SOCKET', 'other side closed')))).toMatchObject({
      phase: 'connection_lost',
      code: 'UND_ERR_SOCKET',
    });
    expect(
      classifyTransportFailure(Object.assign(new TypeError('terminated'), { cause: codeError('ECONNRESET') })).phase,
    ).toBe('connection_lost');
  });
  it('certificate and name-lookup failures sent nothing', () => {
    expect(classifyTransportFailure(fetchFailed(codeError('UNABLE_TO_VERIFY_LEAF_SIGNATURE')))).toMatchObject({
      phase: 'not_connected',
      tls: true,
    });
    expect(classifyTransportFailure(fetchFailed(codeError('ENOTFOUND')))).toMatchObject({
      phase: 'not_connected',
      notFound: true,
    });
  });
});

describe('errorForTransportFailure and errorForTimeout', () => {
  const read = { host: 'api.example.com', write: false };
  const write = { host: 'api.example.com', write: true, creates: 'the card' };
  it('a write that lost its connection has an unknown outcome', () => {
    const e = errorForTransportFailure({ phase: 'connection_lost', code: 'UND_ERR_SOCKET' }, write);
    expect(e.kind).toBe('outcome_unknown');
    expect(e.message).toContain('the card may or may not have been created');
  });
  it('a write that never connected is a plain network error', () => {
    expect(
      errorForTransportFailure({ phase: 'not_connected', code: 'ECONNREFUSED', tls: false, notFound: false }, write)
        .kind,
    ).toBe('network');
  });
  it('a read that lost its connection is a network error', () => {
    expect(errorForTransportFailure({ phase: 'connection_lost' }, read)).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('api.example.com'),
    });
  });
  it('timeouts: reads time out, writes become unknown', () => {
    expect(errorForTimeout(30_000, read)).toMatchObject({ kind: 'timeout', message: expect.stringContaining('30 s') });
    expect(errorForTimeout(30_000, write)).toMatchObject({
      kind: 'outcome_unknown',
      message: expect.stringContaining('may or may not have been created'),
    });
  });
});

describe('scrubSecret', () => {
  it('replaces every copy and leaves short or empty secrets alone', () => {
    expect(scrubSecret('a KEY123 b KEY123', 'KEY123')).toBe('a [redacted] b [redacted]');
    expect(scrubSecret('abc', '')).toBe('abc');
  });
});

describe('what proves a write was turned down', () => {
  it('only a 4xx with a readable body', () => {
    expect(provesRejection(400, { message: 'customerId is invalid' })).toBe(true);
    expect(provesRejection(409, {})).toBe(true);
    expect(provesRejection(400, undefined)).toBe(false);
    expect(provesRejection(500, { message: 'boom' })).toBe(false);
    expect(provesRejection(502, undefined)).toBe(false);
    expect(provesRejection(302, {})).toBe(false);
  });

  it('says the record may or may not exist, with what the service said and no key', () => {
    const e = errorForUndecidedWrite({ host: 'h', write: true, creates: 'the card' }, 503, {
      body: { message: 'upstream sk_live_1234 down' },
      secret: 'sk_live_1234',
    });
    expect(e).toMatchObject({ kind: 'outcome_unknown', status: 503 });
    expect(e.message).toBe(
      'The service answered HTTP 503 (upstream [redacted] down) after Card Desk sent the request, so the card may or may not have been created. Check before trying again.',
    );
  });
});
