// An HTTPS API whose certificate comes from a private CA (made with openssl), called from a process whose
// environment names the trust store as OpenSSL documents it (SSL_CERT_FILE): without the CA the call fails
// with a message that names the CA and the presented certificate's fingerprint; with the CA in that store,
// the same call succeeds. This machine sets NODE_EXTRA_CA_CERTS / SSL_CERT_DIR, so they are unset here.
import { X509Certificate } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild, tsxCommand } from '../support/child-process';
import { CA_NAME, makeTestPki, startTestApi, type TestApi, type TestPki } from '../../support/office-network';

const SCRIPT = fileURLToPath(new URL('./fixtures/call-api.ts', import.meta.url));

let pki: TestPki;
let api: TestApi;
beforeAll(async () => {
  pki = makeTestPki();
  api = await startTestApi(pki);
});
afterAll(async () => {
  await api.stop();
  pki.remove();
});

/** The environment of the process under test: the store SSL_CERT_FILE names, no other CA variable, no proxy. */
function envWithStore(store: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, SSL_CERT_FILE: store };
  for (const name of ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_DIR', 'NIX_SSL_CERT_FILE', 'HTTPS_PROXY', 'https_proxy'])
    delete env[name];
  return env;
}

async function callApi(store: string): Promise<{ ok: boolean; error?: { kind: string; message: string } }> {
  const outcome = await runChild(tsxCommand(SCRIPT, `https://127.0.0.1:${api.port}`), envWithStore(store));
  expect(outcome.code, outcome.stderr).toBe(0);
  return JSON.parse(outcome.stdout.trim().split('\n').at(-1)!) as never;
}

describe('the trust store', () => {
  it('refuses a certificate from a CA the store lacks, naming the CA and the fingerprint; nothing is sent', async () => {
    const served = api.seen.length;
    const result = await callApi(pki.storeWithoutCa);
    expect(result.ok).toBe(false);
    expect(result.error!.kind).toBe('network');
    const fingerprint = new X509Certificate(pki.serverCert).fingerprint256;
    expect(result.error!.message).toContain(`issued by "${CA_NAME}"`);
    expect(result.error!.message).toContain(fingerprint);
    expect(result.error!.message).toContain('ask your IT team for the root certificate');
    expect(api.seen.length).toBe(served);
  });

  it('trusts the same certificate once the CA is in the store SSL_CERT_FILE names', async () => {
    const result = await callApi(pki.storeWithCa);
    expect(result).toEqual({ ok: true });
  });
});
