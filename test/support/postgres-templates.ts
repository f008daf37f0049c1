// The run's global setup (vitest.config.ts): a folder for the set-up PostgreSQL cluster that postgres.ts
// makes once a run and copies for each test database, removed when the run ends.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATES_VARIABLE } from './postgres';

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-pg-templates-'));
  // The server runs as the postgres user when the tests run as root: it reads the template from here.
  chmodSync(folder, 0o755);
  process.env[TEMPLATES_VARIABLE] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
