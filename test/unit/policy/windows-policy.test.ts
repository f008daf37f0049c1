// Where an installed Card Desk finds its policy on Windows: the machine's policy registry key, else the
// ProgramData folder as Windows records it in HKLM; never an environment variable, which any user can set
// when starting the app. The registry is read with reg.exe by its full path, with no environment, and what
// it answers is taken only as a plain REG_SZ path; anything else stops start-up saying why.
import type { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { policyFileLocation } from '../../../src-main/policy/policy-file';
import {
  POLICY_KEY,
  REG_EXE,
  regExeReader,
  regValueFrom,
  windowsPolicyLocation,
} from '../../../src-main/policy/windows-policy';

const SHELL_FOLDERS = 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Shell Folders';

/** reg.exe's answer to `reg query KEY /v VALUE`, as Windows prints it. */
const regOutput = (key: string, value: string, type: string, data: string) =>
  `\r\n${key.replace('HKLM', 'HKEY_LOCAL_MACHINE')}\r\n    ${value}    ${type}    ${data}\r\n\r\n`;

/** A stand-in for spawnSync running reg.exe over `values` ("KEY\\value" → [type, data]); records its calls. */
function fakeReg(values: Record<string, [string, string]>) {
  const calls: { command: string; args: readonly string[]; env: unknown }[] = [];
  const run = ((command: string, args: readonly string[], options: { env?: unknown }) => {
    calls.push({ command, args, env: options.env });
    const [, key, , value] = args;
    const found = values[`${key}\\${value}`];
    if (!found)
      return {
        status: 1,
        stdout: '',
        stderr: 'ERROR: The system was unable to find the specified registry key or value.\r\n',
      };
    return { status: 0, stdout: regOutput(key!, value!, found[0], found[1]), stderr: '' };
  }) as unknown as typeof spawnSync;
  return { calls, run };
}

const PROGRAM_DATA: Record<string, [string, string]> = {
  [`${SHELL_FOLDERS}\\Common AppData`]: ['REG_SZ', 'C:\\ProgramData'],
};

describe('the policy on Windows', () => {
  it('is not moved by the ProgramData variable a user sets when starting Card Desk', () => {
    const reg = fakeReg(PROGRAM_DATA);
    const env = { ProgramData: 'C:\\Users\\mallory\\AppData\\Local\\Temp\\x', CARD_DESK_POLICY_FILE: 'C:\\mine.json' };
    const location = policyFileLocation({ packaged: true, platform: 'win32', env, registry: regExeReader(reg.run) });
    expect(location).toEqual({ file: 'C:\\ProgramData\\Card Desk\\policy.json', required: false });
    // reg.exe by its full path, in the 64-bit view, given none of the user's environment.
    expect(reg.calls).toEqual([
      { command: REG_EXE, args: ['query', POLICY_KEY, '/v', 'PolicyFile', '/reg:64'], env: {} },
      { command: REG_EXE, args: ['query', SHELL_FOLDERS, '/v', 'Common AppData', '/reg:64'], env: {} },
    ]);
  });

  it("is the file the machine's policy key names, which must then exist", () => {
    const reg = fakeReg({
      ...PROGRAM_DATA,
      [`${POLICY_KEY}\\PolicyFile`]: ['REG_SZ', 'D:\\IT\\card desk\\policy.json'],
    });
    expect(windowsPolicyLocation(regExeReader(reg.run))).toEqual({
      file: 'D:\\IT\\card desk\\policy.json',
      required: true,
    });
  });

  it('stops start-up, saying why, when the key holds a variable, a relative path or another type, or reg.exe cannot run', () => {
    const location = (values: Record<string, [string, string]>) => () =>
      policyFileLocation({ packaged: true, platform: 'win32', env: {}, registry: regExeReader(fakeReg(values).run) });
    expect(
      location({ [`${POLICY_KEY}\\PolicyFile`]: ['REG_EXPAND_SZ', '%ProgramData%\\Card Desk\\policy.json'] }),
    ).toThrow(
      `Where the organisation's policy is cannot be read from the Windows registry: ${POLICY_KEY}\\PolicyFile is ` +
        'REG_EXPAND_SZ; it must be REG_SZ (a plain path, no variables). Card Desk does not start without its policy. Ask your IT team.',
    );
    expect(location({ [`${POLICY_KEY}\\PolicyFile`]: ['REG_SZ', 'policy.json'] })).toThrow(
      `${POLICY_KEY}\\PolicyFile must be an absolute path without variables, not policy.json`,
    );
    expect(location({})).toThrow('Windows does not name the ProgramData folder');
    const missing = (() => ({
      error: new Error('spawnSync C:\\Windows\\System32\\reg.exe ENOENT'),
    })) as unknown as typeof spawnSync;
    expect(() =>
      policyFileLocation({ packaged: true, platform: 'win32', env: {}, registry: regExeReader(missing) }),
    ).toThrow(`${REG_EXE} could not be run (spawnSync C:\\Windows\\System32\\reg.exe ENOENT)`);
  });

  it("reads reg.exe's answer by value name, whatever its case", () => {
    const out = regOutput(POLICY_KEY, 'POLICYFILE', 'REG_SZ', 'C:\\Policies\\card-desk.json');
    expect(regValueFrom(out, POLICY_KEY, 'PolicyFile')).toBe('C:\\Policies\\card-desk.json');
    expect(regValueFrom(out, POLICY_KEY, 'Other')).toBeNull();
  });
});
