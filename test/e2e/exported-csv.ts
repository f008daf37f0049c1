// Clicks an export button in the page and reads back the CSV file the app wrote (the harness saves
// exports to its save folder without a dialog).
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { readCsvObjects } from '../integration/exports/read-csv';

export interface ExportedCsv {
  file: string;
  /** The row count the page reported. */
  reportedRows: number;
  headers: string[];
  rows: Record<string, string>[];
}

const SAVED = /Saved ([\d,]+) rows(?: \(of [\d,]+ read\))? to (.+)$/;

export async function exportCsvFrom(scope: Locator, buttonName: string | RegExp = 'Export CSV'): Promise<ExportedCsv> {
  await scope.getByRole('button', { name: buttonName }).click();
  const status = scope.getByRole('status').filter({ hasText: SAVED });
  await status.waitFor({ timeout: 60_000 });
  const text = (await status.textContent()) ?? '';
  const m = SAVED.exec(text.trim());
  if (!m) throw new Error(`unexpected export status: ${text}`);
  const file = m[2]!.trim();
  const { headers, rows } = readCsvObjects(await readFile(file, 'utf8'));
  return { file, reportedRows: Number(m[1]!.replace(/,/g, '')), headers, rows };
}
