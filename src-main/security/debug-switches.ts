// Switches that open a running Card Desk to another program: Chromium's remote debugging (a port or a
// pipe, through which a program can read and drive every page) and Node's inspector (main's code and
// memory, where the keys are). A packaged Card Desk started with one of them quits with a message unless
// the IT policy allows developer tools (allowDevTools); the Node inspector is also off by its fuse
// (electron-builder.yml, enableNodeCliInspectArguments). Switches are read as Chromium reads them: `--` or
// `-` (and `/` on Windows) before the name, names without regard to case on Windows, none after a bare `--`.
const REFUSED = /^(remote-debugging-port|remote-debugging-pipe|inspect(-[a-z-]+)?)$/;

/** The switches of `argv` (the executable first) that open Card Desk to a debugger, as given. */
export function debuggingSwitches(argv: readonly string[], platform: NodeJS.Platform): string[] {
  const prefixes = platform === 'win32' ? ['--', '-', '/'] : ['--', '-'];
  const found: string[] = [];
  for (const arg of argv.slice(1)) {
    if (arg === '--') break;
    const prefix = prefixes.find((p) => arg.startsWith(p));
    if (!prefix) continue;
    const name = arg.slice(prefix.length).split('=')[0]!;
    if (REFUSED.test(platform === 'win32' ? name.toLowerCase() : name)) found.push(arg);
  }
  return found;
}

/** Why a packaged Card Desk does not start with `switches`, in the operator's words. */
export function debuggingRefusal(switches: readonly string[]): string {
  return (
    `Card Desk was started with ${switches.join(' ')}, which would let another program read and control it. ` +
    "Your organisation's policy does not allow developer tools (allowDevTools), so Card Desk does not start " +
    'this way. Start it from its menu entry or shortcut.'
  );
}

/**
 * Why Card Desk must not start with this command line, or null: a packaged build started with a debugging
 * switch, unless the policy allows developer tools. A run from a checkout is a developer's and may.
 */
export function debuggingProblem(options: {
  packaged: boolean;
  allowDevTools: boolean | undefined;
  argv: readonly string[];
  platform: NodeJS.Platform;
}): string | null {
  if (!options.packaged || options.allowDevTools === true) return null;
  const found = debuggingSwitches(options.argv, options.platform);
  return found.length > 0 ? debuggingRefusal(found) : null;
}
