// `npm run team:setup -- --url postgres://ADMIN@HOST:5432/DATABASE [--ca FILE.pem]`: see setup-command.ts.
import { askHiddenOnTerminal, runTeamSetup } from './setup-command';

process.exitCode = await runTeamSetup(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  askPassword: askHiddenOnTerminal,
});
