// The lock's one setting the operator chooses (minutes without input before it locks), in
// `<dataDir>/lock.json`, written atomically (temp file + rename). A missing or unreadable file is the default.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'lock.json';

export function readIdleMinutes(dataDir: string): number | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as { idleMinutes?: unknown };
    const n = parsed.idleMinutes;
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 240 ? n : undefined;
  } catch {
    return undefined;
  }
}

export function writeIdleMinutes(dataDir: string, idleMinutes: number): void {
  const file = join(dataDir, FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ idleMinutes })}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
