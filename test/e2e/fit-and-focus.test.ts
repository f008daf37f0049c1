// Every write step fits the smallest window (1024×700) with its primary button in view, warnings take the
// focus, and focus is always somewhere useful: on a record's heading after Ctrl+K, back where it was after
// "Keep editing" or a dismissed panel, and the navigation shows where it is with a visible ring.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { bankByCode, bankChoiceText } from '../../src-shared/api/banks';
import { issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 1024, customers: 60 });
const page = () => app.e2e.page;
const wizard = issueWizard(app);
const SMALL = { width: 1024, height: 700 };

/** The button is whole inside the window, as it is drawn now (nobody scrolled). */
async function inView(button: Locator, what: string): Promise<void> {
  await button.waitFor();
  const box = await button.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom inside ${SMALL.height}`).toBeLessThanOrEqual(SMALL.height);
}

const focusedText = () => page().evaluate(() => document.activeElement?.textContent ?? '');
const focusedTag = () => page().evaluate(() => document.activeElement?.tagName ?? '');

describe('Fits 1024×700, focus where it helps', () => {
  it("every step of the card wizard keeps its primary button in view, the bank-account one's included", async () => {
    await page().setViewportSize(SMALL);
    try {
      await openFresh(app.e2e, 'journal');
      await page().getByRole('button', { name: 'Issue a card', exact: true }).click();
      const dialog = wizard.dialog();
      await inView(dialog.getByRole('button', { name: 'Continue' }), 'What to do: Continue');
      await dialog.getByRole('radio', { name: /Map to a bank account/ }).check();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await inView(dialog.getByRole('button', { name: 'Next' }), 'Card details: Next');
      await wizard.chooseCustomer(app.customers[3]!);
      const bank = app.sandbox.fixtures.bankAccounts[0]!;
      await dialog.getByRole('combobox', { name: 'Bank' }).fill(bankChoiceText(bankByCode(bank.bankCode)!));
      await dialog.getByLabel('Account number').fill(bank.accountNumber);
      await wizard.chooseDebitAccount();
      await dialog.getByRole('button', { name: 'Look up account holder' }).click();
      // The warning is where the eye is: focused, and in view.
      const warning = dialog.getByTestId('holder-mismatch');
      await expect.poll(() => warning.evaluate((el) => el === document.activeElement)).toBe(true);
      await inView(warning.getByRole('button', { name: 'Map anyway' }), 'Map anyway');
      await inView(dialog.getByRole('button', { name: 'Next' }), 'Card details with the warning: Next');
      await warning.getByLabel(/Reason for mapping anyway/).fill('Joint account, confirmed by the caller');
      await warning.getByRole('button', { name: 'Map anyway' }).click();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await inView(dialog.getByRole('button', { name: 'Next' }), 'Spending controls: Next');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('region', { name: 'Review before sending' }).waitFor();
      await inView(dialog.getByRole('button', { name: 'Issue card' }), 'Review: Issue card');
      await app.e2e.screenshot('fit-review-1024x700');
      // The review names where the card goes.
      expect(await dialog.getByTestId('write-target').textContent()).toMatch(
        /Sends to Local sandbox.*http:\/\/127\.0\.0\.1/,
      );
      await wizard.closeWizard();

      await openFresh(app.e2e, 'accounts');
      await page().getByRole('button', { name: 'Open an account or wallet' }).click();
      const open = page().getByRole('dialog', { name: 'Open an account or wallet' });
      await open.getByRole('radio', { name: /wallet for a customer/ }).check();
      await inView(open.getByRole('button', { name: 'Open wallet' }), 'Open wallet');
    } finally {
      await page().setViewportSize({ width: 1360, height: 860 });
    }
  });

  it('"Keep editing" puts focus back where it was', async () => {
    await openFresh(app.e2e, 'journal');
    await page().getByRole('button', { name: 'Issue a card', exact: true }).click();
    const dialog = wizard.dialog();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await wizard.chooseCustomer(app.customers[4]!);
    const close = dialog.getByRole('button', { name: 'Close issue a card' });
    await close.focus();
    await page().keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
    await wizard.closeWizard();
  });

  it('Ctrl+K then Enter moves focus to the customer page heading', async () => {
    await openFresh(app.e2e, 'cards');
    const target = app.customers[5]!;
    await page().keyboard.press('Control+k');
    const dialog = page().getByRole('dialog', { name: 'Search customers' });
    await dialog.getByRole('combobox').fill(target.emailAddress!);
    await dialog.getByRole('option').first().waitFor();
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/customers/${target._id}`));
    await expect.poll(focusedTag).toBe('H1');
  });

  it('the navigation shows the keyboard focus with a ring of at least 3:1', async () => {
    await openFresh(app.e2e, 'overview');
    const link = page().getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' });
    await link.focus();
    await page().keyboard.press('Tab');
    await page().keyboard.press('Shift+Tab');
    const ring = await link.evaluate((el) => {
      const s = getComputedStyle(el);
      const nav = getComputedStyle(el.closest('nav')!.parentElement!.querySelector('.nav') ?? el.closest('nav')!);
      return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor, navBg: nav.backgroundColor };
    });
    expect(ring.style).toBe('solid');
    expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, ring.navBg)).toBeGreaterThanOrEqual(3);
  });

  it('"Got it" on the sandbox panel leaves focus on the page heading', async () => {
    await openFresh(app.e2e, 'overview');
    await page().evaluate(() => window.localStorage.removeItem('card-desk.sandbox-hint.dismissed'));
    await page().reload();
    await page().getByRole('button', { name: 'Got it' }).click();
    await expect.poll(focusedTag).toBe('H1');
    expect(await focusedText()).toBe('Overview');
  });
});

describe('Tables use the window', () => {
  it('at 1920×1080 a long list reaches down to the foot of the window, not a fixed height', async () => {
    await page().setViewportSize({ width: 1920, height: 1080 });
    try {
      await openFresh(app.e2e, 'customers');
      const body = page().getByRole('rowgroup', { name: 'Customers rows' });
      await body.getByRole('row').first().waitFor();
      const box = (await body.boundingBox())!;
      // The list has 50 rows on its page (far more than fit): the body ends near the window's foot.
      expect(box.y + box.height).toBeGreaterThan(1080 - 200);
      expect(box.height).toBeGreaterThan(600);
    } finally {
      await page().setViewportSize({ width: 1360, height: 860 });
    }
  });
});

function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
