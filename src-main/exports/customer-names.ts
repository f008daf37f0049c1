// Customer names for rows that carry only a customer id, from the local customer cache. One lookup per
// id per export; a missing cache or a failed lookup leaves the name empty rather than failing the export.
import { customerDisplayName } from './cells';
import type { CustomerLookup } from './export-source';

export function customerNameLookup(
  getCache?: () => Promise<CustomerLookup>,
): (id: string | undefined) => Promise<string | undefined> {
  const memo = new Map<string, Promise<string | undefined>>();
  let cache: Promise<CustomerLookup> | null = null;
  const lookUp = async (id: string): Promise<string | undefined> => {
    if (!getCache) return undefined;
    try {
      cache ??= getCache();
      return customerDisplayName((await (await cache).get(id)) ?? undefined);
    } catch {
      return undefined;
    }
  };
  return async (id) => {
    if (!id) return undefined;
    let name = memo.get(id);
    if (!name) {
      name = lookUp(id);
      memo.set(id, name);
    }
    return name;
  };
}
