// Light and dark, in Chromium: the app follows prefers-color-scheme, the choice in Settings overrides it,
// and every page, drawer, dialog and wizard step is free of serious or critical axe violations (colour
// contrast included, charts too): pages in the light theme (their dark colours: nothing-cut.test.ts),
// a customer's page, a drawer, Ctrl+K and each wizard step in both.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src-renderer/lib/routes';
import { issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 909, customers: 60 });
const page = () => app.e2e.page;
const wizard = issueWizard(app);

const theme = () => page().evaluate(() => document.documentElement.getAttribute('data-theme'));
/** The page's background colour, as drawn. */
const background = () => page().evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const luminance = (rgb: string) => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
  return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
};

async function settled(): Promise<void> {
  await page().locator('main h1').first().waitFor();
  await expect.poll(() => page().locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

/** axe's serious and critical findings on what is shown, in the theme named. */
async function axeIn(scheme: 'light' | 'dark', where: string): Promise<string[]> {
  expect(await theme(), where).toBe(scheme);
  return (await app.e2e.axeViolations()).map((v) => `${where} (${scheme}): ${v}`);
}

describe('Themes', () => {
  it('follows prefers-color-scheme: dark draws the app dark, light draws it light', async () => {
    await page().emulateMedia({ colorScheme: 'dark' });
    await openFresh(app.e2e, 'overview');
    await expect.poll(theme).toBe('dark');
    expect(luminance(await background())).toBeLessThan(0.2);
    // A change of the system's setting applies at once.
    await page().emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    expect(luminance(await background())).toBeGreaterThan(0.8);
    await app.e2e.screenshot('theme-light-overview');
  });

  it('the choice in Settings wins over the system, and "As the system is set" follows it again', async () => {
    await page().emulateMedia({ colorScheme: 'light' });
    await openFresh(app.e2e, 'settings');
    const select = page().getByRole('combobox', { name: 'Theme' });
    await select.selectOption('dark');
    await expect.poll(theme).toBe('dark');
    await page().reload();
    await expect.poll(theme).toBe('dark');
    await app.e2e.screenshot('theme-dark-settings');
    await page().getByRole('combobox', { name: 'Theme' }).selectOption('system');
    await expect.poll(theme).toBe('light');
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(
      `${scheme === 'light' ? 'every page, ' : ''}a drawer, a dialog and each wizard step are axe-clean in the ${scheme} theme`,
      { timeout: 180_000 },
      async () => {
        await page().emulateMedia({ colorScheme: scheme });
        const found: string[] = [];
        // Every page in the light theme. In the dark one a page's structure is the same and its colours are what
        // nothing-cut.test.ts checks on every page at three sizes in both themes (axe's colour-contrast): here
        // the dark pass goes to what that walk does not open.
        for (const route of scheme === 'light' ? ROUTES : []) {
          await openFresh(app.e2e, route.path);
          await settled();
          found.push(...(await axeIn(scheme, route.path)));
        }
        // A customer's page and a list's drawer.
        await openFresh(app.e2e, `customers/${app.customers[0]!._id}`);
        await settled();
        found.push(...(await axeIn(scheme, 'customer')));
        await openFresh(app.e2e, 'authorizations');
        await settled();
        await page().getByRole('rowgroup', { name: 'Authorizations rows' }).getByRole('row').first().click();
        await page().getByRole('dialog').first().waitFor();
        found.push(...(await axeIn(scheme, 'authorization drawer')));
        // Ctrl+K.
        await openFresh(app.e2e, 'cards');
        await page().keyboard.press('Control+k');
        await page().getByRole('dialog', { name: 'Search customers' }).waitFor();
        await page().keyboard.type(app.customers[1]!.emailAddress!.slice(0, 5));
        await page().getByRole('listbox').waitFor();
        found.push(...(await axeIn(scheme, 'Ctrl+K')));
        // Each step of the card wizard.
        await wizard.openWizard('A new card');
        found.push(...(await axeIn(scheme, 'wizard: card details')));
        await wizard.chooseCustomer(app.customers[2]!);
        await wizard.chooseDebitAccount();
        await wizard.dialog().getByRole('button', { name: 'Next' }).click();
        await wizard.dialog().getByText('Defaults: NGN cards').waitFor();
        found.push(...(await axeIn(scheme, 'wizard: spending controls')));
        await wizard.dialog().getByRole('button', { name: 'Next' }).click();
        await wizard.dialog().getByRole('region', { name: 'Review before sending' }).waitFor();
        found.push(...(await axeIn(scheme, 'wizard: review')));
        await wizard.closeWizard();
        expect(found).toEqual([]);
      },
    );
  }
});
