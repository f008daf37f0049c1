// The card page acts and the customer page tells: a card is replaced from its own page (the wizard opens on
// the replacement with the card filled in), its balance is checked again, the actions the service does not
// offer are said; the card's own authorizations are on its page; a customer's page shows a declined
// authorization first, with its reason.
import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../src-shared/api/records';
import { declineReason } from '../../src-shared/api/decline-reason';
import { issueThroughBridge, issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';
import { fetchAllAuthorizations } from './support';

const app = appWithCustomerCache({ seed: 4141, customers: 60 });
const page = () => app.e2e.page;
const { cardPosts, ngnAccount } = issueWizard(app);
const idOf = (v: unknown) => (typeof v === 'string' ? v : (v as { _id: string })._id);

describe('The card page acts', () => {
  it('replaces the card from its own page: the old card is cancelled and the new one keeps its account', async () => {
    const customer = app.customers[2]!;
    const cardId = await issueThroughBridge(page(), customer._id, ngnAccount());
    await openFresh(app.e2e, `cards/${cardId}`);
    const actions = page().getByRole('region', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Replace card (lost or stolen)' }).click();
    const dialog = page().getByRole('dialog', { name: /^Replace card •••• \d{4}$/ });
    await dialog.waitFor();
    // The wizard starts on the details with this card chosen; only the reason is left to say.
    await expect.poll(() => dialog.getByLabel('Card to replace').inputValue()).toBe(cardId);
    await dialog.getByLabel('Reason').selectOption('lost');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('region', { name: 'Review before sending' }).waitFor();
    const before = cardPosts().length;
    await dialog.getByRole('button', { name: /^Replace card •••• \d{4}$/ }).click();
    await dialog.getByText(/replaced by •••• \d{4}; the old card is cancelled/).waitFor();

    const posts = cardPosts().slice(before);
    expect(posts.map((p) => p.status)).toEqual([200]);
    expect(posts[0]!.body).toMatchObject({ customerId: customer._id, replacementFor: cardId, reason: 'lost' });
    expect(posts[0]!.body).not.toHaveProperty('debitAccountId');
    const href = await dialog.getByRole('link', { name: 'Open the card' }).getAttribute('href');
    const [old, made] = await page().evaluate(
      (ids) => Promise.all(ids.map((id) => window.cardDesk.cards.get({ id }))),
      [cardId, href!.split('/').pop()!],
    );
    expect(old!.ok && old!.data.status).toBe('canceled');
    expect(made!.ok && old!.ok && made!.data.account === old!.data.account).toBe(true);
    await app.e2e.screenshot('card-page-replaced');
  });

  it('checks the balance again, says what the service does not offer, and lists the card’s authorizations', async () => {
    const cardId = await issueThroughBridge(page(), app.customers[3]!._id, ngnAccount());
    await openFresh(app.e2e, `cards/${cardId}`);
    const balance = page().getByRole('region', { name: 'Balance' });
    await balance.getByTestId('balance-current').waitFor();
    const checksBefore = app.sandbox.requests().filter((r) => r.url === `/cards/${cardId}/balance`).length;
    await balance.getByRole('button', { name: 'Check balance' }).click();
    await expect
      .poll(() => app.sandbox.requests().filter((r) => r.url === `/cards/${cardId}/balance`).length)
      .toBe(checksBefore + 1);
    await expect.poll(() => balance.getByTestId('balance-checked').textContent()).toMatch(/^Checked \d{2}:\d{2}/);

    await expect
      .poll(() => page().getByTestId('not-offered').textContent())
      .toContain('Freeze, unfreeze, cancel on its own');
    // The new card's issuance verification is its first authorization, on its own page.
    const mine = page().getByRole('region', { name: 'Authorizations of this card' });
    await expect.poll(() => mine.getByTestId('recent-auth-status').textContent()).toMatch(/^1 in the last 30 days/);
    expect(await mine.getByRole('row').count()).toBe(2);
    expect(await mine.getByRole('link', { name: 'All on Authorizations' }).getAttribute('href')).toContain(
      `card=${cardId}`,
    );
  });
});

describe('The customer page tells', () => {
  it('shows a declined authorization of the customer first, with its reason', async () => {
    const since = Date.now() - 29 * 86_400_000;
    const auths = (await fetchAllAuthorizations(page())) as Authorization[];
    const declined = auths.find(
      (a) => a.approved === false && declineReason(a) && Date.parse(a.createdAt ?? '') > since,
    );
    if (!declined) throw new Error('the sandbox has no declined authorization in the last 30 days');
    const customerId = idOf(declined.customer);
    const reason = declineReason(declined)!;
    await openFresh(app.e2e, `customers/${customerId}`);
    const recent = page().getByRole('region', { name: "Recent authorizations on this customer's cards" });
    await expect.poll(() => recent.getByTestId('recent-auth-status').textContent()).toMatch(/declined \(shown first\)/);
    const first = recent.getByRole('row').nth(1);
    await expect.poll(() => first.textContent()).toContain('Declined');
    expect(await recent.getByTestId('decline-reason').allTextContents()).toContain(reason);
    await app.e2e.screenshot('customer-recent-authorizations');
  });
});
