// Records as the API shows them: authorizations embed their customer, account and card; transactions
// embed those and the originating authorization (whose own references stay string ids).
import type { Customer } from '../../../src-shared/api/records';
import type { CustomerDirectory } from '../data/customers';
import type { AuthorizationRecord, TransactionRecord } from './records';
import type { SandboxStore } from './store';

export class RecordViews {
  constructor(
    private readonly store: SandboxStore,
    private readonly customers: CustomerDirectory,
  ) {}

  private customer(id: string): Customer | string {
    const index = this.customers.indexOf(id);
    return index === null ? id : this.customers.embedded(index);
  }

  private embeds(r: { customer: string; account: string; card: string }) {
    return {
      customer: this.customer(r.customer),
      account: this.store.account(r.account) ?? r.account,
      card: this.store.card(r.card) ?? r.card,
    };
  }

  authorization(a: AuthorizationRecord): object {
    return { ...a, ...this.embeds(a) };
  }

  transaction(t: TransactionRecord): object {
    return { ...t, ...this.embeds(t), authorization: this.store.authorization(t.authorization) ?? t.authorization };
  }
}
