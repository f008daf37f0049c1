// The customer list's order and changes while the sandbox runs (what re-sync tests need): newest first
// by option, customers added at the list's newest end, the newest removed, and clear errors otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { clock, expectList, get } from './api';

const started: SandboxHandle[] = [];
afterEach(async () => {
  for (const sb of started.splice(0)) await sb.stop();
});
async function sandbox(options: Parameters<typeof startSandbox>[0] = {}) {
  const sb = await startSandbox({ seed: 9, customers: 150, now: clock, ...options });
  started.push(sb);
  return sb;
}
type Listed = { _id: string; createdAt: string };
const page = async (sb: SandboxHandle, n: number) => (await get(sb, `/customers?page=${n}`)).json.data as Listed[];
const times = (rows: Listed[]) => rows.map((c) => Date.parse(c.createdAt));

describe('the customer list as it changes', () => {
  it('lists newest first when asked, the same customers in the reverse order', async () => {
    const oldest = await sandbox();
    const newest = await sandbox({ customerOrder: 'newest-first' });
    const ascending = [...(await page(oldest, 0)), ...(await page(oldest, 1))];
    const descending = [...(await page(newest, 0)), ...(await page(newest, 1))];
    expect(descending.map((c) => c._id)).toEqual(ascending.map((c) => c._id).reverse());
    const t = times(descending);
    for (let i = 1; i < t.length; i++) expect(t[i]!).toBeLessThan(t[i - 1]!);
    expect(descending[0]).toEqual(ascending.at(-1)); // the same record, byte for byte as JSON
  });

  it('adds customers at the newest end and removes the newest, changing the total and the ETag', async () => {
    const sb = await sandbox();
    const before = await get(sb, '/customers?page=1');
    const last = (before.json.data as Listed[]).at(-1)!;
    sb.customers.add(60);
    expect(sb.customers.count).toBe(210);
    const after = await get(sb, '/customers?page=1');
    expectList(after, { total: 210, pages: 3, page: 1, limit: 100 });
    expect((after.json.data as Listed[])[49]).toEqual(last); // the old customers kept their positions
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const added = await page(sb, 2);
    expect(added).toHaveLength(10);
    expect(Date.parse(added[0]!.createdAt)).toBeGreaterThan(Date.parse(last.createdAt));

    sb.customers.setOrder('newest-first');
    expect((await page(sb, 0))[0]).toEqual(added.at(-1)); // the newest now comes first
    sb.customers.removeNewest(70);
    expectList(await get(sb, '/customers'), { total: 140, pages: 2, page: 0, limit: 100 });
  });

  it('refuses bad changes with errors naming what is wrong', async () => {
    const sb = await sandbox();
    expect(() => sb.customers.add(0)).toThrow(/count must be a whole number/);
    expect(() => sb.customers.add(1.5)).toThrow(RangeError);
    expect(() => sb.customers.removeNewest(150)).toThrow(/count must be a whole number from 1 to 149/);
    expect(() => sb.customers.setOrder('random' as 'newest-first')).toThrow(/order must be/);
    await expect(startSandbox({ customerOrder: 'sideways' as 'newest-first' })).rejects.toThrow(/customerOrder/);
  });
});
