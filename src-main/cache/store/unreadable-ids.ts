// The ids of the cached customers that have fields Card Desk could not read (src-shared/api/tolerant-read.ts),
// for the Customers page's filter. Kept in the meta table as one JSON array (rare, so small), in the same
// transaction as the rows, and pruned with them when a sync completes.

/** Ids kept at most; past this the filter shows the first ones and the log still names every one. */
export const MAX_UNREADABLE_IDS = 10_000;

export class UnreadableIds {
  private readonly ids: Set<string>;
  changed = false;

  constructor(text: string | null) {
    let parsed: unknown = [];
    try {
      parsed = text ? JSON.parse(text) : [];
    } catch {
      this.changed = true; // rewritten whole
    }
    this.ids = new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  }

  mark(id: string, unreadable: boolean): void {
    if (unreadable) {
      if (this.ids.has(id) || this.ids.size >= MAX_UNREADABLE_IDS) return;
      this.ids.add(id);
      this.changed = true;
    } else if (this.ids.size > 0 && this.ids.delete(id)) this.changed = true;
  }

  keepOnly(present: (id: string) => boolean): void {
    for (const id of this.ids)
      if (!present(id)) {
        this.ids.delete(id);
        this.changed = true;
      }
  }

  list(): string[] {
    return [...this.ids].sort();
  }

  text(): string | null {
    return this.ids.size === 0 ? null : JSON.stringify(this.list());
  }
}
