// One id sequence per kind of record, shared by seeding and by the records POST requests create.
import { IdSequence, kindPrefix, objectId } from '../data/object-id';

export class SandboxIds {
  readonly account: IdSequence;
  readonly card: IdSequence;
  readonly fundingSource: IdSequence;
  readonly authorization: IdSequence;
  readonly transaction: IdSequence;
  readonly dispute: IdSequence;
  /** Nested `_id`s (spending controls, their channels and limits). */
  readonly control: IdSequence;

  constructor(private readonly seed: number) {
    this.account = new IdSequence(seed, 'account');
    this.card = new IdSequence(seed, 'card');
    this.fundingSource = new IdSequence(seed, 'funding-source');
    this.authorization = new IdSequence(seed, 'authorization');
    this.transaction = new IdSequence(seed, 'transaction');
    this.dispute = new IdSequence(seed, 'dispute');
    this.control = new IdSequence(seed, 'spending-control');
  }

  business(createdAtMs: number): string {
    return objectId(createdAtMs, kindPrefix(this.seed, 'business'), 0);
  }
}
