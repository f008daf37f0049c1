// The lock's settings the operator chooses (minutes without input before it locks; whether a passcode they chose
// unlocks it), in `<dataDir>/lock.json`, written atomically (temp file + rename). A missing or unreadable file is
// the default. The passcode itself is never here: its hash is in the keychain.
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

function readAll(dataDir: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function writeAll(dataDir: string, settings: Record<string, unknown>): void {
  const file = join(dataDir, FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(settings)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function writeIdleMinutes(dataDir: string, idleMinutes: number): void {
  writeAll(dataDir, { ...readAll(dataDir), idleMinutes });
}

/** Whether the operator chose a passcode to unlock (where the policy asks for none). */
export const readOwnPasscode = (dataDir: string): boolean => readAll(dataDir).ownPasscode === true;

export function writeOwnPasscode(dataDir: string, ownPasscode: boolean): void {
  writeAll(dataDir, { ...readAll(dataDir), ownPasscode });
}
