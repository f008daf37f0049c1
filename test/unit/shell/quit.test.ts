// Quitting closes the app's services within a time limit (injected here), then quits; a close that fails
// or hangs ends the process with code 1 instead of leaving it running unseen.
import { describe, expect, it } from 'vitest';
import { disposeThenQuit } from '../../../src-main/shell/quit';

function recorder() {
  const seen: string[] = [];
  const logged: string[] = [];
  const logger = {
    debug() {},
    info() {},
    warn() {},
    error: (_obj: object, msg?: string) => void logged.push(msg ?? ''),
  };
  return {
    seen,
    logged,
    logger,
    quit: () => void seen.push('quit'),
    exit: (code: number) => void seen.push(`exit ${code}`),
  };
}

describe('quitting', () => {
  it('quits once closing has finished', async () => {
    const r = recorder();
    await disposeThenQuit({
      dispose: async () => void r.seen.push('closed'),
      quit: r.quit,
      exit: r.exit,
      logger: r.logger,
    });
    expect(r.seen).toEqual(['closed', 'quit']);
    expect(r.logged).toEqual([]);
  });

  it('exits with code 1 when closing hangs past the limit, and logs it', async () => {
    const r = recorder();
    await disposeThenQuit({
      dispose: () => new Promise(() => {}),
      quit: r.quit,
      exit: r.exit,
      logger: r.logger,
      limitMs: 50,
    });
    expect(r.seen).toEqual(['exit 1']);
    expect(r.logged).toEqual(['closing did not finish in time; exiting anyway']);
  });

  it('exits with code 1 when closing fails, and logs it', async () => {
    const r = recorder();
    await disposeThenQuit({
      dispose: () => Promise.reject(new Error('journal locked')),
      quit: r.quit,
      exit: r.exit,
      logger: r.logger,
    });
    expect(r.seen).toEqual(['exit 1']);
    expect(r.logged).toEqual(['closing failed; exiting anyway']);
  });
});
