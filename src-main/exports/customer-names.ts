// Customer names for rows that carry only a customer id, from the local customer cache. One lookup per
// id per export; a missing cache or a failed lookup leaves the name empty rather than failing the export.
import { customerDisplayName } from './cells';
import type { CustomerSearch } from './export-source';

export function customerNameLookup(getCache?: () => Promise<CustomerSearch>): (id: string | undefined) => Promise<string | undefined> {
  const memo = new Map<string, Promise<string | undefined>>();
  const lookUp = async (id: string): Promise<string | undefined> => {
    if (!getCache) return undefined;
    try {
      const { results } = await (await getCache()).search({ query: id, limit: 5 });
      return customerDisplayName(results.find((c) => c._id === id));
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
