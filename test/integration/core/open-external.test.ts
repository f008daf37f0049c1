// app.openExternal through the app's own handlers: the browser gets exactly the normalized https URL that
// was checked, never the string the page sent, and nothing at all for a link with tricks in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { testAppCore } from '../support/app-core';

let core: AppCore;
let dataDir: string;
const opened: string[] = [];
const ctx = { signal: new AbortController().signal };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-open-external-'));
  core = await testAppCore(dataDir, {
    openExternal: async (url) => {
      opened.push(url);
    },
  });
});
afterAll(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('app.openExternal', () => {
  it('opens the normalized URL it checked', async () => {
    const r = await core.handlers['app.openExternal']({ url: 'HTTPS://DOCS.CARDDESK.APP:443/guide/../start' }, ctx);
    expect(r).toEqual({ ok: true, data: { opened: true } });
    expect(opened).toEqual(['https://docs.carddesk.app/start']);
  });

  it.each([
    'https://docs.carddesk.app\\@evil.example/',
    'https://docs.carddesk.app/\u0000@evil.example',
    'https://user:pw@docs.carddesk.app/',
    'http://docs.carddesk.app/',
  ])('refuses %j and opens nothing', async (url) => {
    const before = opened.length;
    const r = await core.handlers['app.openExternal']({ url }, ctx);
    expect(!r.ok && r.error.kind).toBe('forbidden');
    expect(opened).toHaveLength(before);
  });
});
