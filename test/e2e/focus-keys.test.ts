// Focus and keys: each wizard step starts on its first field and closing returns to the opener; leaving
// a wizard with typed details asks first; Ctrl+K does not open over a wizard; Escape in Ctrl+K returns
// focus to where it was; Arrow-Down in a search box moves into its results.
import { describe, expect, it } from 'vitest';
import { nameOf } from './customer-cache';
import { issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 6161, customers: 40 });

const page = () => app.e2e.page;
const { dialog: wizard, chooseDebitAccount } = issueWizard(app);
const search = () => page().getByRole('dialog', { name: 'Search customers' });
/** A readable description of the focused element. */
const focused = () =>
  page().evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const labelled = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    return `${el.tagName.toLowerCase()}${el.id === 'main' ? '#main' : ''}|${el.getAttribute('role') ?? ''}|${labelled.trim()}|${el.textContent?.trim().slice(0, 40) ?? ''}`;
  });

describe('Focus and keys', () => {
  it('starts each wizard step on its first field and returns to the opener after closing', async () => {
    await openFresh(app.e2e, 'journal');
    const opener = page().getByRole('button', { name: 'Issue a card', exact: true });
    await opener.click();
    await wizard().waitFor();
    await expect.poll(focused).toMatch(/^input\|\|A new card/);
    await page().keyboard.press('Enter');
    // Details: the customer search box.
    await expect.poll(focused).toMatch(/^input\|combobox\|Customer/);
    await page().keyboard.insertText(app.customers[2]!.emailAddress!);
    await page().keyboard.press('Enter');
    await wizard().getByRole('group').filter({ hasText: app.customers[2]!._id }).waitFor();
    await chooseDebitAccount();
    await wizard().getByRole('button', { name: 'Next' }).click();
    await expect.poll(focused).toMatch(/^input\|\|Use the service's defaults/);
    await wizard().getByRole('button', { name: 'Next' }).click();
    await expect.poll(focused).toMatch(/^section\|\|Review before sending/);
    await wizard().getByRole('button', { name: 'Back' }).click();
    await expect.poll(focused).toMatch(/^input\|\|Use the service's defaults/);

    // Ctrl+K does not open over the wizard.
    await page().keyboard.press('Control+k');
    expect(await search().count()).toBe(0);

    // Escape with typed details asks first; keeping them keeps the step as it was.
    await page().keyboard.press('Escape');
    const ask = wizard().getByRole('alertdialog', { name: /Discard what you typed/ });
    await ask.waitFor();
    await expect.poll(focused).toMatch(/^button\|\|\|Keep editing/);
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('issue-card-discard-check');
    await page().keyboard.press('Escape');
    await expect.poll(() => ask.count()).toBe(0);
    await wizard().getByRole('radio', { name: "Use the service's defaults" }).waitFor();
    await wizard().getByRole('button', { name: 'Back' }).click();
    await wizard()
      .getByRole('group')
      .filter({ hasText: nameOf(app.customers[2]!) })
      .waitFor();

    await wizard().getByRole('button', { name: 'Close issue a card' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Discard and close' }).click();
    await wizard().waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/^button\|\|\|Issue a card/);
  });

  it('closes a wizard with nothing typed at once, back to the opener', async () => {
    await openFresh(app.e2e, 'journal');
    const opener = page().getByRole('button', { name: 'Issue a card', exact: true });
    await opener.click();
    await wizard().waitFor();
    await page().keyboard.press('Escape');
    await wizard().waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/^button\|\|\|Issue a card/);
  });

  it('Escape in Ctrl+K returns focus to where it was, or to the page', async () => {
    await openFresh(app.e2e, 'customers');
    const box = page().getByRole('searchbox', { name: 'Search customers' });
    await box.focus();
    await page().keyboard.press('Control+k');
    await search().waitFor();
    await page().keyboard.press('Escape');
    await search().waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/^input\|\|Search customers/);

    await page().evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page().keyboard.press('Control+k');
    await search().waitFor();
    await page().keyboard.press('Escape');
    await search().waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/^main#main/);
  });

  it('Arrow-Down in a search box moves into its results, and Enter opens the row', async () => {
    await openFresh(app.e2e, 'customers');
    const box = page().getByRole('searchbox', { name: 'Search customers' });
    const target = app.customers[7]!;
    await box.fill(target.emailAddress!);
    const table = page().getByRole('table', { name: 'Customers' });
    // The search has answered: the header row and the one match.
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('row').filter({ hasText: target.emailAddress! }).waitFor();
    await box.focus();
    await page().keyboard.press('ArrowDown');
    await expect.poll(focused).toMatch(/^div\|rowgroup\|Customers rows/);
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/customers/${target._id}$`));
  });
});
