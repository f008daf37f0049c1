// A memory-reducing collection after heavy work gives back the young generation that work grew, when the
// process was launched with --expose-gc (the unit project is: vitest.config.ts); without it, nothing runs.
import { getHeapSpaceStatistics } from 'node:v8';
import { expect, it } from 'vitest';
import { releaseMemory } from '../../../src-main/cache/release-memory';

const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

it('shrinks the young generation that a burst of allocation grew', async () => {
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

it('does nothing where the launch flag exposed no collection', async () => {
  expect(await releaseMemory({})).toBe(false);
  expect(await releaseMemory({ gc: 'not a function' })).toBe(false);
});

it('never rejects, and may be called again and again', async () => {
  const failing = async () => {
    throw new Error('collection refused');
  };
  expect(await releaseMemory({ gc: failing })).toBe(false);
  await expect(Promise.all([releaseMemory(), releaseMemory()])).resolves.toEqual([true, true]);
});
