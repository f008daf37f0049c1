// How the app runs the .deb's root step (deb-root-step.ts): through pkexec unless it already runs as root,
// with the two paths as they are (no shell), and what each answer of the step means for the operator: its
// exit codes 2 and 3 refuse the file (the step's own last line says why), 4 is dpkg failing, pkexec's 126
// and 127 mean no administrator approved, and a missing pkexec or step says so. A stand-in step here; the
// real one runs in signed-updates.test.ts and deb.test.ts.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rootStepCommand, runRootStep } from '../../../src-main/updates/deb-root-step';

const dir = mkdtempSync(join(tmpdir(), 'card-desk-root-step-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in step that records its arguments and ends with `code`, saying `said`. */
function step(code: number, said = ''): string {
  const file = join(dir, `step-${code}.sh`);
  writeFileSync(
    file,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/args"\necho 'dpkg: some output' >&2\n${said ? `echo 'install-update: ${said}' >&2\n` : ''}exit ${code}\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

describe('the root step as the app runs it', () => {
  const path = process.env.PATH;
  afterEach(() => void (process.env.PATH = path));

  it('goes through pkexec unless the app runs as root, and passes the paths as they are', async () => {
    expect(
      rootStepCommand({ helper: '/opt/Card Desk/resources/install-update.sh' }, '/a b.deb', '/a b.deb.sig'),
    ).toEqual([
      'pkexec',
      '--disable-internal-agent',
      '/opt/Card Desk/resources/install-update.sh',
      '/a b.deb',
      '/a b.deb.sig',
    ]);
    const file = "/var/tmp/ada cache/card-desk-updater/pending/card desk $(touch pwned);'.deb";
    await runRootStep({ helper: step(0), asRoot: true }, file, `${file}.sig`);
    expect(readFileSync(join(dir, 'args'), 'utf8')).toBe(`${file}\n${file}.sig\n`);
  });

  it('says why a file was refused, dpkg failed, nobody approved, or the step could not run', async () => {
    const run = (helper: string, asRoot = true) => runRootStep({ helper, asRoot }, '/f.deb', '/f.deb.sig');
    await expect(run(step(2, 'the signature does not verify with the key abc'))).rejects.toMatchObject({
      code: 'ERR_UPDATE_INSTALL',
      kind: 'refused',
      message: 'the signature does not verify with the key abc',
    });
    await expect(run(step(3, '0.1.0 is not newer than the installed 0.1.1'))).rejects.toMatchObject({
      kind: 'refused',
      message: '0.1.0 is not newer than the installed 0.1.1',
    });
    await expect(run(step(4, 'dpkg could not install card-desk 0.2.0'))).rejects.toMatchObject({
      kind: 'failed',
      message: 'dpkg could not install card-desk 0.2.0',
    });
    // Through pkexec: its 126 (dismissed) and 127 (not authorized) are no approval, not a refusal.
    const pkexec = join(dir, 'pkexec');
    writeFileSync(pkexec, '#!/bin/sh\nexit 126\n');
    chmodSync(pkexec, 0o755);
    process.env.PATH = dir;
    await expect(run(step(0), false)).rejects.toMatchObject({
      kind: 'not approved',
      message: 'No administrator approved the installation.',
    });
    process.env.PATH = join(dir, 'nothing-here');
    await expect(run(step(0), false)).rejects.toMatchObject({
      kind: 'failed',
      message: 'pkexec is not installed, so the update cannot be installed as root.',
    });
    process.env.PATH = path;
    await expect(run(join(dir, 'no-such-step.sh'))).rejects.toMatchObject({
      kind: 'failed',
      message: `the install step ${join(dir, 'no-such-step.sh')} is missing or cannot be run`,
    });
  });
});
