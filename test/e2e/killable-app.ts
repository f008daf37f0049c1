// An app for a test to kill: the harness (the real core on a data folder, the real keychain, the built
// renderer) in a process of its own, with the IT policy's unlockPasscode, and the lock's clock read from a
// file the test moves on. Prints `{"url": …}` once it listens, then runs until it is killed.
// `node --import tsx test/e2e/killable-app.ts DATA_DIR CLOCK_FILE`
import { readFileSync } from 'node:fs';
import { NO_POLICY } from '../../src-main/policy/policy';
import { startHarness } from '../harness/server';

const [dataDir, clockFile] = process.argv.slice(2);
if (!dataDir || !clockFile) throw new Error('usage: killable-app.ts DATA_DIR CLOCK_FILE');
const harness = await startHarness({
  dataDir,
  policy: { ...NO_POLICY, unlockPasscode: true },
  sandbox: { seed: 81, customers: 10 },
  lockClock: () => Number(readFileSync(clockFile, 'utf8')),
});
console.log(JSON.stringify({ url: harness.url }));
