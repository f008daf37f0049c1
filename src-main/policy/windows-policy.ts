// Where an installed Card Desk finds the organisation's policy on Windows: never through an environment
// variable, which any user can set when starting the app (`ProgramData=C:\Users\me\x` would load a policy of
// their own). First the machine's policy registry key, as Chrome and VS Code read theirs:
// HKLM\SOFTWARE\Policies\Card Desk, value `PolicyFile` (REG_SZ, the policy file's absolute path), which only
// administrators can write (Group Policy, Intune). Without it, `policy.json` in `Card Desk` under the
// machine's ProgramData folder, as Windows records it in HKLM (Explorer\Shell Folders, `Common AppData`),
// not as %ProgramData% says. The registry is read with Windows' own reg.exe by its full path (not through
// PATH or %SystemRoot%, which a user can set too), in the 64-bit view.
import { spawnSync } from 'node:child_process';
import { win32 } from 'node:path';

export const REG_EXE = 'C:\\Windows\\System32\\reg.exe';
export const POLICY_KEY = 'HKLM\\SOFTWARE\\Policies\\Card Desk';
export const POLICY_VALUE = 'PolicyFile';
const SHELL_FOLDERS = 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Shell Folders';
const PROGRAM_DATA_VALUE = 'Common AppData';

/** A registry value's data (REG_SZ), null when the key or value does not exist; throws when it cannot be read. */
export type RegistryRead = (key: string, value: string) => string | null;

/** The data of `value` in `reg query KEY /v VALUE` output; null when absent; throws for a type other than REG_SZ. */
export function regValueFrom(output: string, key: string, value: string): string | null {
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s+(.+?)\s{4}(REG_\w+)\s{4}(.*)$/.exec(line);
    if (!match || match[1]!.toLowerCase() !== value.toLowerCase()) continue;
    if (match[2] !== 'REG_SZ')
      throw new Error(`${key}\\${value} is ${match[2]}; it must be REG_SZ (a plain path, no variables)`);
    return match[3]!.trim();
  }
  return null;
}

/** The registry through Windows' reg.exe; `run` is replaceable for tests. */
export function regExeReader(run: typeof spawnSync = spawnSync): RegistryRead {
  return (key, value) => {
    const r = run(REG_EXE, ['query', key, '/v', value, '/reg:64'], {
      encoding: 'utf8',
      windowsHide: true,
      // reg.exe needs nothing of the user's environment.
      env: {},
    });
    if (r.error) throw new Error(`${REG_EXE} could not be run (${r.error.message})`);
    // 1: the key or value does not exist (reg.exe's one failure code; reading HKLM is open to every user).
    if (r.status === 1) return null;
    if (r.status !== 0) throw new Error(`${REG_EXE} ended with ${String(r.status)}: ${String(r.stderr).trim()}`);
    return regValueFrom(String(r.stdout), key, value);
  };
}

/** The policy file on Windows: the registry's PolicyFile (required), else ProgramData's (optional). */
export function windowsPolicyLocation(read: RegistryRead): { file: string; required: boolean } {
  const named = read(POLICY_KEY, POLICY_VALUE);
  if (named !== null) {
    if (!win32.isAbsolute(named) || named.includes('%'))
      throw new Error(`${POLICY_KEY}\\${POLICY_VALUE} must be an absolute path without variables, not ${named}`);
    return { file: named, required: true };
  }
  const programData = read(SHELL_FOLDERS, PROGRAM_DATA_VALUE);
  if (programData === null || !win32.isAbsolute(programData))
    throw new Error(`Windows does not name the ProgramData folder (${SHELL_FOLDERS}\\${PROGRAM_DATA_VALUE})`);
  return { file: win32.join(programData, 'Card Desk', 'policy.json'), required: false };
}
