// The sandbox keeps its money straight: a card funded from a wallet or an account takes the amount out of it,
// as the next GET /accounts shows, and the card's balance is that amount; an amount the account does not hold
// is refused and nothing moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from './api';
import { type CardsSandbox, cardCalls, startCardsSandbox } from './cards-fixture';

let fx: CardsSandbox;
beforeAll(async () => {
  fx = await startCardsSandbox();
});
afterAll(() => fx.sb.stop());

const { newVirtual, issue } = cardCalls(() => fx);

/** An account's balances as GET /accounts answers them now, reading every page. */
async function balancesOf(id: string): Promise<{ currentBalance: number; availableBalance: number }> {
  for (let page = 0; ; page++) {
    const answer = await get(fx.sb, `/accounts?page=${page}&limit=100`);
    const found = answer.json.data.find((a: { _id: string }) => a._id === id);
    if (found) return { currentBalance: found.currentBalance, availableBalance: found.availableBalance };
    if (page + 1 >= answer.json.pagination.pages) throw new Error(`no account ${id}`);
  }
}

const cardBalance = async (cardId: string) => (await get(fx.sb, `/cards/${cardId}/balance`)).json.data;
const cents = (n: number) => Math.round(n * 100);

describe('funding a card moves money', () => {
  it('a MasterCard funded from a wallet: the wallet drops by the amount and the card holds it', async () => {
    const wallet = fx.withWallet.ngnWallet;
    const before = await balancesOf(wallet);
    const card = await issue(newVirtual({ brand: 'MasterCard', amount: 1234.5, debitAccountId: wallet }));
    const after = await balancesOf(wallet);
    expect(cents(before.currentBalance - after.currentBalance)).toBe(123_450);
    expect(cents(before.availableBalance - after.availableBalance)).toBe(123_450);
    expect(await cardBalance(card._id)).toEqual({ currentBalance: 1234.5, availableBalance: 1234.5 });
  });

  it('a card funded from a business account, and its replacement funded again from the same account', async () => {
    const account = fx.usdBusiness;
    const before = await balancesOf(account);
    const card = await issue({
      customerId: fx.noWalletCustomer,
      type: 'virtual',
      currency: 'USD',
      status: 'active',
      brand: 'Visa',
      amount: 40,
      debitAccountId: account,
    });
    const replacement = await issue({
      customerId: fx.noWalletCustomer,
      type: 'virtual',
      currency: 'USD',
      status: 'active',
      brand: 'Visa',
      amount: 10.25,
      replacementFor: card._id,
      reason: 'lost',
    });
    expect(replacement.account).toBe(account);
    expect(cents(before.currentBalance - (await balancesOf(account)).currentBalance)).toBe(5025);
    // The old card's 40 goes with the replacement; the account gave 10.25 more.
    expect(await cardBalance(replacement._id)).toEqual({ currentBalance: 50.25, availableBalance: 50.25 });
    expect(await cardBalance(card._id)).toEqual({ currentBalance: 0, availableBalance: 0 });
  });

  it('refuses an amount the wallet does not hold, and moves nothing', async () => {
    const wallet = fx.withWallet.ngnWallet;
    const before = await balancesOf(wallet);
    const answer = await post(fx.sb, '/cards', newVirtual({ amount: before.availableBalance + 0.01 }));
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('amount is more than the available balance of the account the card draws on');
    expect(await balancesOf(wallet)).toEqual(before);
  });
});
