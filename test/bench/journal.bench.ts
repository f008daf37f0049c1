// The journal's write as the operator waits for it (an entry begun and settled: the two commits around every
// request), without an anchor and with the chain's head anchored in the OS keychain after every commit
// (chain-anchor.ts), which is written in the background and must not lengthen the write. Also how many keychain
// writes the commits took (newest head wins) and how long Verify takes per 1,000 events. Run it inside
// `bash test/run-with-keychain.sh` for the keychain figures; without a usable keychain they are left out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChainAnchor } from '../../src-main/journal/chain-anchor';
import { type Journal, openJournal } from '../../src-main/journal/journal';
import { journalAccounts } from '../../src-main/journal/journal-keys';
import { defaultSecretStore } from '../../src-main/keychain/default-secret-store';
import type { SecretStore } from '../../src-main/keychain/secret-store';
import type { Benchmark } from './benchmark';
import { TEST_CHAIN_KEY } from '../support/journal-key';

const WRITES = 300;
const ROUNDS = 3;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * Each write's time on the main thread: begin, then settle, as issuing does around a request, with the event
 * loop free between writes (where the request would be), so the anchor's keychain writes run beside them.
 */
async function timeWrites(journal: Journal, round: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const t0 = performance.now();
    const entry = journal.begin({
      environmentId: 'bench',
      operation: 'cards.create',
      request: { customerId: `c${round}-${i}`, type: 'virtual' },
      clientReference: `cd-${round}-${i}`,
      fingerprint: `f${round}-${i}`,
    });
    journal.settle(entry.id, { outcome: 'succeeded', resultId: `card-${i}` });
    times.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return times;
}

/** A store that counts the heads written. */
function counting(store: SecretStore): SecretStore & { sets: number } {
  const counted = {
    sets: 0,
    get: (a: string) => store.get(a),
    set: async (a: string, s: string) => {
      counted.sets++;
      await store.set(a, s);
    },
    delete: (a: string) => store.delete(a),
    accounts: () => store.accounts(),
  };
  return counted;
}

const sorted = (times: number[]) => [...times].sort((a, b) => a - b);

export const journalBenchmark: Benchmark = {
  name: 'journal',
  async run({ print }) {
    const dir = mkdtempSync(join(tmpdir(), 'card-desk-bench-journal-'));
    const figures: Record<string, number> = {};
    const store = defaultSecretStore();
    const journals: Journal[] = [];
    try {
      const plain = openJournal({ file: join(dir, 'plain.sqlite'), key: TEST_CHAIN_KEY });
      journals.push(plain);
      let keychain: (SecretStore & { sets: number }) | null = counting(store);
      try {
        await store.get('#card-desk-bench probe');
      } catch (e) {
        print(`no usable keychain (${(e as Error).message.split('.')[0]}): the anchored figures are left out`);
        keychain = null;
      }
      const file = join(dir, 'anchored.sqlite');
      const anchored = keychain
        ? openJournal({
            file,
            key: TEST_CHAIN_KEY,
            anchor: new ChainAnchor({
              store: keychain,
              account: journalAccounts(dir).anchor,
              files: [`${file}-wal`, file],
            }),
          })
        : null;
      if (anchored) {
        journals.push(anchored);
        await anchored.anchored();
        keychain!.sets = 0;
      }
      // Rounds in turns, so a machine busy with something else weighs on both alike.
      const without: number[] = [];
      const withAnchor: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        without.push(...(await timeWrites(plain, round)));
        if (anchored) withAnchor.push(...(await timeWrites(anchored, round)));
      }
      const a = sorted(without);
      figures.journal_write_p50_ms = quantile(a, 0.5);
      figures.journal_write_p95_ms = quantile(a, 0.95);
      print(
        `${a.length} writes without an anchor: p50 ${figures.journal_write_p50_ms.toFixed(2)} ms, p95 ${figures.journal_write_p95_ms.toFixed(2)} ms`,
      );
      if (!anchored || !keychain) return figures;

      const t0 = performance.now();
      await anchored.anchored();
      figures.journal_anchor_catch_up_ms = performance.now() - t0;
      const b = sorted(withAnchor);
      figures.journal_write_anchored_p50_ms = quantile(b, 0.5);
      figures.journal_write_anchored_p95_ms = quantile(b, 0.95);
      figures.journal_anchor_writes = keychain.sets;
      print(
        `${b.length} writes (${b.length * 2} commits) with the head anchored in the keychain: p50 ${figures.journal_write_anchored_p50_ms.toFixed(2)} ms, p95 ${figures.journal_write_anchored_p95_ms.toFixed(2)} ms; ${keychain.sets} keychain writes, the last ${figures.journal_anchor_catch_up_ms.toFixed(0)} ms after the last commit`,
      );
      const v0 = performance.now();
      const verified = await anchored.verify();
      const verifyMs = performance.now() - v0;
      if (!verified.ok) throw new Error(`the benchmark's journal did not verify: ${JSON.stringify(verified)}`);
      figures.journal_verify_ms_per_1k_events = (verifyMs / verified.events) * 1000;
      print(`Verify: ${verified.events} events in ${verifyMs.toFixed(0)} ms`);
      await store.delete(journalAccounts(dir).anchor);
      return figures;
    } finally {
      for (const j of journals) j.close();
      (store as { dispose?: () => void }).dispose?.();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
