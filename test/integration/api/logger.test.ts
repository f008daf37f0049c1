// The log file: JSON lines, with secrets redacted by name even if a caller passes one by mistake.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEEP_LOGS, createLogger } from '../../../src-main/logging/logger';

const dir = mkdtempSync(join(tmpdir(), 'card-desk-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** This process's open descriptors on `file`. */
const descriptorsOn = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(join('/proc/self/fd', fd)) === file;
    } catch {
      return false;
    }
  });

describe('createLogger', () => {
  it('close writes every line and lets go of the file; lines logged after are dropped', async () => {
    const file = join(dir, 'closing', 'main.log');
    const logger = createLogger({ file });
    logger.info({ step: 1 }, 'before close');
    await expect.poll(() => descriptorsOn(file).length).toBe(1);
    await logger.close();
    expect(descriptorsOn(file)).toEqual([]);
    logger.info({ step: 2 }, 'after close');
    await logger.flush();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['before close']);
  });

  it('writes JSON lines to the file, creating its folder', async () => {
    const file = join(dir, 'logs', 'main.log');
    const logger = createLogger({ file });
    logger.info({ environmentId: 'env-1' }, 'environment activated');
    logger.warn({ code: 'ECONNRESET' }, 'api transport failure');
    await logger.flush();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'environment activated',
        environmentId: 'env-1',
        time: expect.any(String),
      }),
      expect.objectContaining({ level: 40, msg: 'api transport failure', code: 'ECONNRESET' }),
    ]);
  });

  it('redacts authorization, key, apiKey and secret at any of the first levels', async () => {
    const file = join(dir, 'redact.log');
    const logger = createLogger({ file });
    logger.error(
      {
        authorization: 'Bearer sk_a_0001',
        key: 'sk_b_0002',
        apiKey: 'sk_c_0003',
        secret: 'sk_d_0004',
        headers: { authorization: 'Bearer sk_e_0005', Authorization: 'Bearer sk_f_0006' },
        request: { options: { apiKey: 'sk_g_0007' } },
      },
      'something leaked',
    );
    await logger.flush();
    const text = readFileSync(file, 'utf8');
    for (let i = 1; i <= 7; i++) expect(text).not.toContain(`000${i}`);
    expect(JSON.parse(text.trim())).toMatchObject({
      authorization: '[redacted]',
      headers: { authorization: '[redacted]' },
      request: { options: { apiKey: '[redacted]' } },
    });
  });

  it('honours the level', async () => {
    const file = join(dir, 'level.log');
    const logger = createLogger({ file, level: 'warn' });
    logger.info({}, 'quiet');
    logger.warn({}, 'loud');
    await logger.flush();
    expect(readFileSync(file, 'utf8')).not.toContain('quiet');
    expect(readFileSync(file, 'utf8')).toContain('loud');
  });

  it('caps the file: past the size it rotates, keeping a few older files', async () => {
    const file = join(dir, 'capped', 'main.log');
    const logger = createLogger({ file, maxBytes: 4 * 1024 });
    for (let i = 0; i < 400; i++) logger.info({ i, filler: 'x'.repeat(60) }, 'line');
    await logger.flush();
    const files = readdirSync(join(dir, 'capped')).sort();
    expect(files).toEqual(['main.log', ...Array.from({ length: KEEP_LOGS }, (_, n) => `main.log.${n + 1}`)]);
    for (const name of files) expect(statSync(join(dir, 'capped', name)).size).toBeLessThanOrEqual(5 * 1024);
    // The newest line is in the current file.
    expect(readFileSync(file, 'utf8')).toContain('"i":399');
  });

  it('makes its folder 0700 and every log file 0600 from creation, the rotated ones too', async () => {
    const folder = join(dir, 'private');
    const file = join(folder, 'main.log');
    const logger = createLogger({ file, maxBytes: 4 * 1024 });
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    for (let i = 0; i < 400; i++) logger.info({ i, filler: 'x'.repeat(60) }, 'line');
    await logger.flush();
    const files = readdirSync(folder);
    expect(files.length).toBe(KEEP_LOGS + 1);
    for (const name of files) expect({ name, mode: modeOf(join(folder, name)) }).toEqual({ name, mode: 0o600 });
  });
});
