// Clicks an export button in the page and reads back the CSV file the app wrote (the harness saves
// exports to its save folder without a dialog).
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { readCsvObjects } from '../support/read-csv';

export interface ExportedCsv {
  file: string;
  /** The row count the button promised (its label), when it said one. */
  promised: number | null;
  /** The row count the page reported. */
  reportedRows: number;
  headers: string[];
  rows: Record<string, string>[];
}

const SAVED = /Saved ([\d,]+) rows(?: \(of [\d,]+ read\))? to (.+)$/;

/** Every export button says how many rows it writes once the list knows (`Export these 8 customers`). */
export const EXPORT_BUTTON = /^Export (CSV|all|these|this|the|[a-z ]+$)/;

export async function exportCsvFrom(scope: Locator, buttonName: string | RegExp = EXPORT_BUTTON): Promise<ExportedCsv> {
  const button = scope.getByRole('button', { name: buttonName });
  // The count the button states is the list's count on screen: the file must hold exactly that many rows.
  const said = (await button.textContent()) ?? '';
  const counted = /^Export (?:these|all|the) ([\d,]+) /.exec(said);
  const promised = /^Export this /.test(said) ? 1 : counted ? Number(counted[1]!.replace(/,/g, '')) : null;
  await button.click();
  const status = scope.getByRole('status').filter({ hasText: SAVED });
  await status.waitFor({ timeout: 60_000 });
  const text = (await status.textContent()) ?? '';
  const m = SAVED.exec(text.trim());
  if (!m) throw new Error(`unexpected export status: ${text}`);
  const file = m[2]!.trim();
  const { headers, rows } = readCsvObjects(await readFile(file, 'utf8'));
  if (promised !== null && rows.length !== promised)
    throw new Error(`the button said "${said}" but the file holds ${rows.length} rows`);
  return { file, promised, reportedRows: Number(m[1]!.replace(/,/g, '')), headers, rows };
}
