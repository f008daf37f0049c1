// `card-desk --team-setup --url postgres://ADMIN@HOST:5432/DATABASE [--ca FILE.pem]`: the installed app sets up
// or upgrades the team database (src-main/team/setup-command.ts, the same as `npm run team:setup`) and exits
// with its code, before any window, data folder or single-instance lock.
import { app } from 'electron';
import { askHiddenOnTerminal, runTeamSetup } from '../team/setup-command';

export const TEAM_SETUP_FLAG = '--team-setup';

export async function teamSetupAndExit(argv: readonly string[]): Promise<never> {
  const code = await runTeamSetup(argv.slice(argv.indexOf(TEAM_SETUP_FLAG) + 1), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    askPassword: askHiddenOnTerminal,
  });
  app.exit(code);
  return new Promise<never>(() => undefined);
}
