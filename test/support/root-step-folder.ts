// The root step as the installed package holds it, for tests: build/install-update.sh in a resources
// folder of its own beside an `update-keys` folder with the keys given (what /opt/Card Desk/resources is
// once the .deb is installed). Run it as the app does (src-main/updates/deb-root-step.ts).
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT_STEP_FILE } from '../../src-main/updates/deb-root-step';

const SHIPPED = fileURLToPath(new URL('../../build/install-update.sh', import.meta.url));

export function rootStepFolder(pems: string[]): { helper: string; remove(): void } {
  const resources = mkdtempSync(join(tmpdir(), 'card-desk-resources-'));
  const helper = join(resources, ROOT_STEP_FILE);
  copyFileSync(SHIPPED, helper);
  chmodSync(helper, 0o755);
  mkdirSync(join(resources, 'update-keys'));
  pems.forEach((pem, i) => writeFileSync(join(resources, 'update-keys', `key-${i}.pem`), pem));
  return { helper, remove: () => rmSync(resources, { recursive: true, force: true }) };
}

/** Whether this process runs as root (the root step then runs without pkexec, as the app does). */
export const asRoot = (): boolean => process.getuid?.() === 0;
