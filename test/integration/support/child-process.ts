// Running a script as a child process with an environment of our choosing, and capturing what it printed.
import { spawn } from 'node:child_process';

export interface ChildOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx <script> <args>`: a TypeScript file run by this same Node. */
export const tsxCommand = (script: string, ...args: string[]): string[] => [
  process.execPath,
  '--import',
  'tsx',
  script,
  ...args,
];

/** Runs `command` to its end (killed after 25 s) and resolves with its exit code and output. */
export function runChild(command: string[], env: NodeJS.ProcessEnv): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * This process's environment with `home` as HOME and runtime folder and no desktop session: no D-Bus
 * address and no display to autolaunch one, so no Secret Service can be reached.
 */
export function envWithoutDesktopSession(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_RUNTIME_DIR: home, ...extra };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}
