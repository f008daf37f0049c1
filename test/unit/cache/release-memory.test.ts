// A memory-reducing collection after heavy work gives back the young generation that work grew, in a
// process launched without V8 flags (as the app is: the unit project sets none) and on a worker thread.
import { fileURLToPath } from 'node:url';
import { getHeapSpaceStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { memoryCollector, releaseMemory } from '../../../src-main/cache/threads/release-memory';

const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

it('shrinks the young generation that a burst of allocation grew, with no launch flag', async () => {
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  expect(await releaseMemory()).toBe(true);
  const before = newSpace();
  // A burst like a sync's: much short-lived garbage, some of it alive across collections.
  let window: unknown[] = [];
  for (let i = 0; i < 3_000_000; i++) {
    window.push({ i, text: `customer ${i}` });
    if (window.length > 20_000) window = [];
  }
  const grown = newSpace();
  expect(grown).toBeGreaterThan(before);
  window.length = 0;
  expect(await releaseMemory()).toBe(true);
  expect(newSpace()).toBeLessThan(grown);
});

it('runs on a worker thread too, as the cache worker calls it', async () => {
  const module = fileURLToPath(new URL('../../../src-main/cache/threads/release-memory.ts', import.meta.url));
  const worker = new Worker(
    `import(${JSON.stringify(module)}).then(async (m) => require('node:worker_threads').parentPort.postMessage(await m.releaseMemory()));`,
    { eval: true, execArgv: ['--import', 'tsx'] },
  );
  try {
    const ran = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(ran).toBe(true);
  } finally {
    await worker.terminate();
  }
});

it('prefers the global collection of a process launched with --expose-gc', () => {
  const gc = () => Promise.resolve();
  expect(memoryCollector({ gc })).toBe(gc);
  expect(typeof memoryCollector({})).toBe('function');
});

it('does nothing without a collection, never rejects, and may be called again and again', async () => {
  expect(await releaseMemory(null)).toBe(false);
  expect(await releaseMemory('not a function')).toBe(false);
  const failing = async () => {
    throw new Error('collection refused');
  };
  expect(await releaseMemory(failing)).toBe(false);
  await expect(Promise.all([releaseMemory(), releaseMemory()])).resolves.toEqual([true, true]);
});
