// The issuing handlers against the real local sandbox over HTTP: the four card paths, the journal of
// every write, sending at most once (in flight, unknown outcome, acknowledged resend) and reconciliation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../../src-shared/api/records';
import { ENVIRONMENT_ID, startIssuingFixture, vervePan, type IssuingFixture } from './issuing-fixture';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

describe('issuing handlers (real sandbox over HTTP)', () => {
  let f: IssuingFixture;
  let customerId: string;
  beforeEach(async () => {
    f = await startIssuingFixture();
    customerId = f.sandbox.fixtures.sampleCustomerIds[0]!;
  });
  afterEach(async () => {
    await f.close();
  });

  const ngnAccount = () => f.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  const virtualCard = (extra: Record<string, unknown> = {}) => ({
    customerId,
    type: 'virtual' as const,
    currency: 'NGN' as const,
    status: 'active' as const,
    brand: 'Verve' as const,
    debitAccountId: ngnAccount(),
    ...extra,
  });

  it('issues a new card: journaled as succeeded with its client reference, and indexed as issued', async () => {
    const r = await f.call('cards.create', virtualCard());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const card = r.data;
    const [post] = f.posts('/cards');
    const sentRef = (post!.body as { metadata: { clientReference: string } }).metadata.clientReference;
    expect(sentRef).toMatch(/^cd-[0-9a-f-]{36}$/);
    expect(card.metadata?.clientReference).toBe(sentRef);

    const { entries, total } = f.journal.list({ environmentId: ENVIRONMENT_ID });
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      operation: 'cards.create',
      outcome: 'succeeded',
      resultId: card._id,
      clientReference: sentRef,
      error: null,
    });
    expect(f.events.map((e) => e.outcome)).toEqual(['pending', 'succeeded']);
    expect(f.knownCards.findByClientReference(sentRef)?._id).toBe(card._id);
  });

  it('issues a physical card without ever storing its full number', async () => {
    const pan = vervePan(123456);
    const r = await f.call('cards.create', {
      customerId,
      type: 'physical',
      currency: 'NGN',
      status: 'inactive',
      brand: 'Verve',
      number: pan,
    });
    expect(r.ok).toBe(true);
    const entry = f.journal.list({ environmentId: ENVIRONMENT_ID }).entries[0]!;
    expect(entry.request.number).toBe(`${pan.slice(0, 6)}******${pan.slice(-4)}`);
    expect(JSON.stringify(entry)).not.toContain(pan);
  });

  it('refuses a Visa number for a Verve card at the IPC boundary, naming Visa, and sends nothing', async () => {
    const r = await f.call('cards.create', {
      customerId,
      type: 'physical',
      currency: 'NGN',
      status: 'active',
      brand: 'Verve',
      number: '4111 1111 1111 1111',
    });
    expect(!r.ok && r.error).toMatchObject({
      kind: 'validation',
      field: 'number',
      message: 'This is a Visa card number, not a Verve one: check the number, or choose Visa as the brand',
    });
    expect(f.posts('/cards')).toEqual([]);
    expect(f.journal.list({ environmentId: ENVIRONMENT_ID }).entries).toEqual([]);
  });

  it('maps a card to an existing funding source and to a bank account', async () => {
    const active = f.sandbox.fixtures.fundingSources.find((s) => s.status === 'active')!;
    const mapped = await f.call('cards.create', virtualCard({ fundingSourceId: active.id }));
    expect(mapped.ok && mapped.data.fundingSource).toBe(active.id);

    const bank = f.sandbox.fixtures.bankAccounts[0]!;
    const toBank = await f.call(
      'cards.create',
      virtualCard({ bankCode: bank.bankCode, accountNumber: bank.accountNumber, debitAccountId: ngnAccount() }),
    );
    expect(toBank.ok).toBe(true);
    expect(f.journal.list({ environmentId: ENVIRONMENT_ID, outcome: 'succeeded' }).total).toBe(2);
  });

  it('replaces a lost card and marks the old one canceled in the index', async () => {
    const issued = await f.call('cards.create', virtualCard());
    if (!issued.ok) throw new Error(issued.error.message);
    const old = issued.data;
    const r = await f.call('cards.create', virtualCard({ replacementFor: old._id, reason: 'lost' }));
    expect(r.ok).toBe(true);
    expect(f.knownCards.get(old._id)?.status).toBe('canceled');
    // Replacing the same card again moments later waits for the operator's confirmation, sending nothing…
    const again = await f.call('cards.create', virtualCard({ replacementFor: old._id, reason: 'stolen' }));
    expect(!again.ok && again.error.repeatOf?.resultId).toBe(r.ok && r.data._id);
    expect(f.posts('/cards')).toHaveLength(2);
    // …and once confirmed, the sandbox agrees it cannot be done: the old card cannot be replaced twice.
    const confirmed = await f.call('cards.create', {
      ...virtualCard({ replacementFor: old._id, reason: 'stolen' }),
      confirmRepeat: true,
    });
    expect(!confirmed.ok && confirmed.error).toMatchObject({ kind: 'validation', field: 'replacementFor' });
  });

  it('takes a replacement without a debit account at the IPC boundary; a new virtual card still needs one', async () => {
    const issued = await f.call('cards.create', virtualCard());
    if (!issued.ok) throw new Error(issued.error.message);
    const { debitAccountId: _none, ...replacement } = virtualCard({
      replacementFor: issued.data._id,
      reason: 'stolen',
    });
    const r = await f.call('cards.create', replacement);
    expect(r.ok && r.data.account).toBe(issued.data.account);
    const { debitAccountId: _also, ...newCard } = virtualCard();
    const refused = await f.call('cards.create', newCard);
    expect(!refused.ok && refused.error).toMatchObject({ kind: 'validation', field: 'debitAccountId' });
  });

  it('journals a 400 as failed and keeps the offending field', async () => {
    const r = await f.call(
      'cards.create',
      virtualCard({ fundingSourceId: f.sandbox.fixtures.fundingSources.find((s) => s.status !== 'active')!.id }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ kind: 'validation', status: 400, field: 'fundingSourceId' });
    expect(r.error.journalEntryId).toBeDefined();
    expect(f.journal.get(r.error.journalEntryId!)).toMatchObject({ outcome: 'failed', error: r.error.message });
  });

  it('sends one of two concurrent identical requests and refuses the other', async () => {
    f.sandbox.faults.add({ kind: 'latency', ms: 300, endpoint: 'POST /cards', count: 1 });
    const [a, b] = await Promise.all([f.call('cards.create', virtualCard()), f.call('cards.create', virtualCard())]);
    const results = [a, b];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.error.kind).toBe('conflict');
    expect(f.posts('/cards')).toHaveLength(1);
    expect(f.journal.list({ environmentId: ENVIRONMENT_ID }).total).toBe(1);
    // Once answered, the same request is held until the operator confirms a second identical card.
    const repeat = await f.call('cards.create', virtualCard());
    expect(!repeat.ok && repeat.error).toMatchObject({ kind: 'conflict', repeatOf: { minutesAgo: 0, noun: 'card' } });
    expect(f.posts('/cards')).toHaveLength(1);
    expect((await f.call('cards.create', { ...virtualCard(), confirmRepeat: true })).ok).toBe(true);
    expect(f.posts('/cards')).toHaveLength(2);
  });

  it('sends exactly one of twenty concurrent identical requests, whatever their names and notes', async () => {
    f.sandbox.faults.add({ kind: 'latency', ms: 300, endpoint: 'POST /cards', count: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => f.call('cards.create', virtualCard({ metadata: { note: `try ${i}` } }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error.kind === 'conflict')).toHaveLength(19);
    expect(f.posts('/cards')).toHaveLength(1);
    // Later stragglers are held as repeats of the success, still sending nothing.
    const late = await f.call('cards.create', virtualCard());
    expect(!late.ok && late.error.repeatOf?.journalEntryId).toBe(
      f.journal.list({ environmentId: ENVIRONMENT_ID, outcome: 'succeeded' }).entries[0]!.id,
    );
    expect(f.posts('/cards')).toHaveLength(1);
  });

  it('names the customer and the minutes in a repeat, and lets it through once the 10 minutes have passed', async () => {
    let clock = Date.now();
    await f.close();
    f = await startIssuingFixture({ now: () => clock, customerName: async () => 'Ada Obi' });
    customerId = f.sandbox.fixtures.sampleCustomerIds[0]!;
    expect((await f.call('cards.create', virtualCard())).ok).toBe(true);
    clock += 2 * 60_000 + 5_000;
    const repeat = await f.call('cards.create', virtualCard());
    expect(!repeat.ok && repeat.error.message).toBe('You issued this card to Ada Obi 2 minutes ago: issue another?');
    expect(!repeat.ok && repeat.error.repeatOf).toMatchObject({ customerName: 'Ada Obi', minutesAgo: 2 });
    expect(f.posts('/cards')).toHaveLength(1);
    clock += 8 * 60_000;
    expect((await f.call('cards.create', virtualCard())).ok).toBe(true);
    expect(f.posts('/cards')).toHaveLength(2);
  });

  it('records a dropped connection as outcome unknown, refuses a resend, then reconciles by client reference', async () => {
    f.sandbox.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /cards', count: 1 });
    const r = await f.call('cards.create', virtualCard());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('outcome_unknown');
    expect(r.error.message).toMatch(/may or may not have been created/);
    const entryId = r.error.journalEntryId!;
    const entry = f.journal.get(entryId)!;
    expect(entry.outcome).toBe('outcome_unknown');
    // The sandbox did create it.
    expect(f.posts('/cards').map((p) => p.status)).toEqual([200]);

    // Before refusing the identical request, Card Desk looks on the service: the sandbox's authorizations
    // embed the new card with its client reference, so the entry is reconciled (certain) and the request is
    // held as a repeat of that card. Nothing is sent.
    const again = await f.call('cards.create', virtualCard());
    expect(!again.ok && again.error).toMatchObject({ kind: 'conflict', repeatOf: { journalEntryId: entryId } });
    expect(f.posts('/cards')).toHaveLength(1);
    const reconciled = f.journal.get(entryId)!;
    expect(reconciled).toMatchObject({ outcome: 'reconciled', evidence: { certainty: 'certain' } });
    expect(reconciled.resultId).toMatch(/^[0-9a-f]{24}$/);
    expect(reconciled.evidence!.summary).toContain(entry.clientReference!);
    expect(f.events.some((e) => e.id === entryId && e.outcome === 'reconciled')).toBe(true);
    // Reconciled: it cannot be "allowed to resend".
    const ack = await f.call('journal.acknowledgeResend', { id: entryId });
    expect(!ack.ok && ack.error).toMatchObject({
      kind: 'conflict',
      message: `This request did create a card (${reconciled.resultId}). Sending it again would create a second one.`,
    });
  });

  it('reconciles an unknown card outcome from the known-cards index alone, by client reference', async () => {
    f.sandbox.faults.add({ kind: 'status', status: 500, endpoint: 'POST /cards', count: 1 });
    const r = await f.call('cards.create', virtualCard());
    const entryId = !r.ok ? r.error.journalEntryId! : '';
    const entry = f.journal.get(entryId)!;
    expect(entry.outcome).toBe('outcome_unknown');
    // The card is seen later (an authorization embeds it with the metadata it was created with).
    const seen: Card = {
      _id: 'f'.repeat(24),
      customer: customerId,
      brand: 'Verve',
      currency: 'NGN',
      status: 'active',
      metadata: { clientReference: entry.clientReference! },
    };
    f.knownCards.observe([seen], 'authorization');
    // Listing the journal is a read: it reconciles nothing.
    const listed = await f.call('journal.list', {});
    expect(listed.ok && listed.data.find((e) => e.id === entryId)?.outcome).toBe('outcome_unknown');
    // The schedule's next round finds the card in the index.
    await f.reconciliation.runNow();
    expect(f.journal.get(entryId)).toMatchObject({ outcome: 'reconciled', resultId: seen._id });
    expect(f.events.at(-1)).toMatchObject({ id: entryId, outcome: 'reconciled' });
  });

  it('reconciles on its own schedule, with no call from the operator', async () => {
    await f.close();
    f = await startIssuingFixture({ reconcileEveryMs: 20 });
    f.sandbox.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /cards', count: 1 });
    const r = await f.call('cards.create', virtualCard());
    const entryId = !r.ok ? r.error.journalEntryId! : '';
    expect(f.journal.get(entryId)?.outcome).toBe('outcome_unknown');
    // The sandbox created the card: the schedule finds it on the service by itself.
    await vi.waitFor(() => expect(f.journal.get(entryId)?.outcome).toBe('reconciled'), { timeout: 60_000 });
    expect(f.posts('/cards')).toHaveLength(1);
  });

  it('journals a write answered 500 as an unknown outcome and does not send an immediate resend', async () => {
    f.sandbox.faults.add({ kind: 'status', status: 500, endpoint: 'POST /cards', count: 1 });
    const r = await f.call('cards.create', virtualCard());
    expect(!r.ok && r.error.kind).toBe('outcome_unknown');
    const entryId = !r.ok ? r.error.journalEntryId! : '';
    expect(f.journal.get(entryId)?.outcome).toBe('outcome_unknown');
    const again = await f.call('cards.create', virtualCard());
    expect(!again.ok && again.error).toMatchObject({ kind: 'conflict', journalEntryId: entryId });
    expect(f.posts('/cards')).toHaveLength(1);
  });

  it('resends an unknown outcome only after the user allowed it, with a new client reference', async () => {
    // Answered 500 without making the card: the look before allowing the resend finds nothing.
    f.sandbox.faults.add({ kind: 'status', status: 500, endpoint: 'POST /cards', count: 1 });
    const first = await f.call('cards.create', virtualCard());
    const entryId = !first.ok ? first.error.journalEntryId! : '';
    const ack = await f.call('journal.acknowledgeResend', { id: entryId });
    expect(ack.ok && ack.data).toMatchObject({ id: entryId, outcome: 'outcome_unknown', resendAcknowledged: true });

    const resent = await f.call('cards.create', virtualCard());
    expect(resent.ok).toBe(true);
    expect(f.posts('/cards')).toHaveLength(2);
    const lastSent = f.posts('/cards')[1]!.body as { metadata: { clientReference: string } };
    const refs = [f.journal.get(entryId)!.clientReference, lastSent.metadata.clientReference];
    expect(refs).toHaveLength(2);
    expect(refs[0]).not.toBe(refs[1]);
    expect(f.journal.get(entryId)?.outcome).toBe('outcome_unknown');
    expect(f.journal.list({ environmentId: ENVIRONMENT_ID, outcome: 'succeeded' }).entries[0]?.clientReference).toBe(
      refs[1],
    );

    const missing = await f.call('journal.acknowledgeResend', { id: 'no-such-entry' });
    expect(!missing.ok && missing.error.kind).toBe('not_found');
  });

  it('keeps the journal across a restart, turning a write left pending into an unknown outcome', async () => {
    await f.call('cards.create', virtualCard());
    const pending = f.journal.begin({
      environmentId: ENVIRONMENT_ID,
      operation: 'cards.create',
      request: virtualCard(),
      clientReference: 'cd-left',
      fingerprint: 'left',
    });
    f.journal.close();
    const { openJournal } = await import('../../../src-main/journal/journal');
    const reopened = openJournal({
      key: TEST_CHAIN_KEY,
      file: `${f.folder}/journal.sqlite`,
      processStartedAt: new Date(Date.parse(pending.at) + 1),
    });
    try {
      expect(reopened.get(pending.id)?.outcome).toBe('outcome_unknown');
      expect(reopened.list({ environmentId: ENVIRONMENT_ID, outcome: 'succeeded' }).total).toBe(1);
    } finally {
      reopened.close();
    }
    f.reopenJournal();
    const listed = await f.call('journal.list', { outcome: 'outcome_unknown' });
    expect(listed.ok && listed.data.map((e) => e.id)).toEqual([pending.id]);
  });

  it('opens a wallet and an account, journaled, and refuses a concurrent identical wallet', async () => {
    f.sandbox.faults.add({ kind: 'latency', ms: 200, endpoint: 'POST /accounts', count: 1 });
    const wallet = { type: 'wallet' as const, currency: 'USD' as const, accountType: 'Savings' as const, customerId };
    const [a, b] = await Promise.all([f.call('accounts.create', wallet), f.call('accounts.create', wallet)]);
    expect([a, b].filter((r) => r.ok)).toHaveLength(1);
    expect([a, b].map((r) => (r.ok ? 'ok' : r.error.kind)).sort()).toEqual(['conflict', 'ok']);
    const account = await f.call('accounts.create', { type: 'account', currency: 'NGN', accountType: 'Current' });
    expect(account.ok && account.data.type).toBe('account');
    expect(f.posts('/accounts')).toHaveLength(2);
    const listed = await f.call('journal.list', { query: 'accounts.create' });
    expect(listed.ok && listed.data.map((e) => e.outcome)).toEqual(['succeeded', 'succeeded']);
    expect(listed.ok && listed.pagination).toMatchObject({ total: 2, page: 0 });

    const missingCustomer = await f.call('accounts.create', {
      type: 'wallet',
      currency: 'NGN',
      accountType: 'Savings',
    });
    expect(!missingCustomer.ok && missingCustomer.error).toMatchObject({ kind: 'validation', field: 'customerId' });
  });

  it('reconciles a wallet whose creation had an unknown outcome by listing accounts', async () => {
    f.sandbox.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /accounts', count: 1 });
    const wallet = {
      type: 'wallet' as const,
      currency: 'NGN' as const,
      accountType: 'Current' as const,
      customerId: f.sandbox.fixtures.sampleCustomerIds[1]!,
    };
    const r = await f.call('accounts.create', wallet);
    expect(!r.ok && r.error.kind).toBe('outcome_unknown');
    const entryId = !r.ok ? r.error.journalEntryId! : '';
    await f.handlers.service.reconcileAccounts({ force: true });
    const entry = f.journal.get(entryId)!;
    expect(entry.outcome).toBe('reconciled');
    const ack = await f.call('journal.acknowledgeResend', { id: entryId });
    expect(!ack.ok && ack.error.message).toBe(
      `This request did create a wallet (${entry.resultId}). Sending it again would create a second one.`,
    );
    const accounts = await createClientList(f, entry.resultId!);
    expect(accounts).toMatchObject({
      type: 'wallet',
      currency: 'NGN',
      accountType: 'Current',
      customer: wallet.customerId,
    });
    // An identical request is no longer blocked as unknown once its first attempt is known to have worked,
    // but it is a repeat of a success: sent only once the operator confirms it.
    const repeat = await f.call('accounts.create', wallet);
    expect(!repeat.ok && repeat.error.message).toMatch(
      /^You opened this wallet less than a minute ago: open another\?$/,
    );
    expect((await f.call('accounts.create', { ...wallet, confirmRepeat: true })).ok).toBe(true);
  });
});

/** The account with this id, as GET /accounts lists it. */
async function createClientList(f: IssuingFixture, id: string) {
  const res = await fetch(`${f.sandbox.url}/accounts?type=wallet&limit=100`, {
    headers: { Authorization: `Bearer ${f.sandbox.key}` },
  });
  const body = (await res.json()) as { data: { _id: string }[] };
  return body.data.find((a) => a._id === id);
}
