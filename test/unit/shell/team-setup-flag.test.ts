// `card-desk --team-setup …`: the installed app runs IT's set-up of the team database (the same command as
// `npm run team:setup`) and exits with its code; here with a wrong address, which needs no database.
import { afterEach, describe, expect, it, vi } from 'vitest';

const exit = vi.fn();
vi.mock('electron', () => ({ app: { exit }, default: { app: { exit } } }));
const { teamSetupAndExit } = await import('../../../src-main/shell/team-setup-flag');

afterEach(() => {
  vi.restoreAllMocks();
  exit.mockReset();
});

describe('card-desk --team-setup', () => {
  it('runs the set-up with the arguments after the flag and exits with its code, naming what is wrong', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    void teamSetupAndExit(['/opt/Card Desk/card-desk', '--team-setup', '--url', 'postgres://it:secret@db/carddesk']);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(2));
    expect(written.join('')).toContain('--url: must not hold a password');
  });

  it('says how it is used when no address is given', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    void teamSetupAndExit(['card-desk', '--team-setup']);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(2));
    expect(written.join('')).toContain('card-desk --team-setup --url');
  });
});
