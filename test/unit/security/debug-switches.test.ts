// The switches that would open a packaged Card Desk to another program (Chromium's remote debugging, Node's
// inspector) are found as Chromium reads a command line: with `--` or `-`, and on Windows `/` and any case;
// never after a bare `--`, and never in a value. The message says which, and why Card Desk does not start.
import { describe, expect, it } from 'vitest';
import { debuggingProblem, debuggingRefusal, debuggingSwitches } from '../../../src-main/security/debug-switches';

const EXE = '/opt/Card Desk/card-desk';

describe('debugging switches', () => {
  it('finds remote debugging by port or pipe, and every --inspect form', () => {
    const argv = [
      EXE,
      '--remote-debugging-port=9222',
      '--remote-debugging-pipe',
      '--inspect',
      '--inspect=127.0.0.1:9229',
      '--inspect-brk',
      '--inspect-port=9230',
      '-remote-debugging-port=9333',
      '--no-sandbox',
      '--remote-debugging-address=0.0.0.0',
    ];
    expect(debuggingSwitches(argv, 'linux')).toEqual(argv.slice(1, 8));
  });

  it('reads them as Chromium does on each system', () => {
    expect(debuggingSwitches([EXE, '/remote-debugging-port=9222'], 'linux')).toEqual([]);
    expect(debuggingSwitches([EXE, '/REMOTE-DEBUGGING-PORT=9222', '--Inspect'], 'win32')).toEqual([
      '/REMOTE-DEBUGGING-PORT=9222',
      '--Inspect',
    ]);
    expect(debuggingSwitches([EXE, '--Inspect'], 'linux')).toEqual([]);
    // After a bare "--" nothing is a switch; a value is not a switch; the executable is not an argument.
    expect(debuggingSwitches([EXE, '--', '--remote-debugging-port=1'], 'linux')).toEqual([]);
    expect(debuggingSwitches([EXE, 'card-desk://--inspect', '--lang=--inspect'], 'linux')).toEqual([]);
    expect(debuggingSwitches(['--inspect'], 'linux')).toEqual([]);
  });

  it('says which switch, and why Card Desk does not start', () => {
    expect(debuggingRefusal(['--remote-debugging-port=9222'])).toBe(
      'Card Desk was started with --remote-debugging-port=9222, which would let another program read and control ' +
        "it. Your organisation's policy does not allow developer tools (allowDevTools), so Card Desk does not start " +
        'this way. Start it from its menu entry or shortcut.',
    );
  });

  it('stops only a packaged build, and not when the policy allows developer tools', () => {
    const argv = [EXE, '--remote-debugging-port=9222'];
    const platform = 'linux';
    expect(debuggingProblem({ packaged: true, allowDevTools: undefined, argv, platform })).toBe(
      debuggingRefusal(['--remote-debugging-port=9222']),
    );
    expect(debuggingProblem({ packaged: true, allowDevTools: false, argv, platform })).not.toBeNull();
    expect(debuggingProblem({ packaged: true, allowDevTools: true, argv, platform })).toBeNull();
    expect(debuggingProblem({ packaged: false, allowDevTools: undefined, argv, platform })).toBeNull();
    expect(debuggingProblem({ packaged: true, allowDevTools: undefined, argv: [EXE], platform })).toBeNull();
  });
});
