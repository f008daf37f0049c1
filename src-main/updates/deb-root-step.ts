// Installing a .deb update: the root step. The file electron-updater downloaded lies in the user's own
// cache, where the user's own programs can change it at any moment, so the app does not install it from
// there: it runs the installed package's own `install-update.sh` (build/install-update.sh, root-owned
// under /opt) as root, through pkexec, which copies the file and its signature into a folder only root
// can write, checks the signature there with the public keys inside the installed package, checks the
// package is Card Desk and newer than the one installed, and only then runs `dpkg -i` on that copy.
// Never apt, never --allow-unauthenticated, never a downgrade. No shell is involved: the arguments are
// passed as they are.
import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** The root step's file name in the app's resources folder (electron-builder.yml's extraResources). */
export const ROOT_STEP_FILE = 'install-update.sh';

/** What the root step answers (build/install-update.sh's exit codes). */
const EXIT = { refused: 2, notNewer: 3, dpkgFailed: 4 } as const;
/** pkexec's own exit codes: the administrator did not approve (dismissed, not authorized). */
const PKEXEC_NOT_APPROVED = new Set([126, 127]);

export type InstallFailure = 'refused' | 'not approved' | 'failed';

/** The root step did not install the update; `kind` says whether the file was refused. */
export class UpdateInstallError extends Error {
  readonly code = 'ERR_UPDATE_INSTALL';
  constructor(
    readonly kind: InstallFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface RootStepOptions {
  /** The root step: `<resources>/install-update.sh` of the installed package. */
  helper: string;
  /** Whether this process already runs as root (then no pkexec). */
  asRoot?: boolean;
}

/** The command that runs the root step on `file` and its `signatureFile`. */
export function rootStepCommand(options: RootStepOptions, file: string, signatureFile: string): string[] {
  const step = [options.helper, file, signatureFile];
  return options.asRoot ? step : ['pkexec', '--disable-internal-agent', ...step];
}

export const rootStepIn = (resourcesPath: string): string => join(resourcesPath, ROOT_STEP_FILE);

function failureOf(code: number | string | null, said: string, viaPkexec: boolean, helper: string): UpdateInstallError {
  if (code === 'ENOENT' && viaPkexec)
    return new UpdateInstallError('failed', 'pkexec is not installed, so the update cannot be installed as root.');
  if (code === 'ENOENT' || code === 'EACCES')
    return new UpdateInstallError('failed', `the install step ${helper} is missing or cannot be run`);
  if (viaPkexec && typeof code === 'number' && PKEXEC_NOT_APPROVED.has(code))
    return new UpdateInstallError('not approved', 'No administrator approved the installation.');
  if (code === EXIT.refused) return new UpdateInstallError('refused', said || 'the file or its signature was refused');
  if (code === EXIT.notNewer)
    return new UpdateInstallError('refused', said || 'it is not newer than the one installed');
  if (code === EXIT.dpkgFailed) return new UpdateInstallError('failed', said || 'dpkg could not install it');
  return new UpdateInstallError('failed', said || `the install step ended with ${String(code)}`);
}

/** Runs the root step; resolves once the update is installed, else rejects with UpdateInstallError. */
export function runRootStep(options: RootStepOptions, file: string, signatureFile: string): Promise<void> {
  const [command, ...args] = rootStepCommand(options, file, signatureFile);
  return new Promise((resolve, reject) => {
    execFile(command!, args, { encoding: 'utf8', maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      // The root step's last line says why (`install-update: …`).
      const said =
        stderr
          .trim()
          .split('\n')
          .reverse()
          .find((line) => line.startsWith('install-update: '))
          ?.slice('install-update: '.length) ?? '';
      const code = (error as NodeJS.ErrnoException & { code?: number | string }).code ?? null;
      reject(failureOf(code, said, !options.asRoot, options.helper));
    });
  });
}
