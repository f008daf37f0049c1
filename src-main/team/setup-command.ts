// `npm run team:setup -- --url postgres://ADMIN@HOST:5432/DB [--ca FILE]` (setup-cli.ts), and the same
// from an installed Card Desk (`card-desk --team-setup --url …`): connects as the database's administrator,
// creates or upgrades the team schema (setup.ts) and says what it did and how to add an operator. The
// administrator's password comes from PGPASSWORD or is asked for on the terminal; never from the command
// line. TLS as the desk connects: verified, with the extra CA of --ca; plain only to this computer.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import pg from 'pg';
import { certificatesOfPem } from '../api/trust-store';
import { errorMessage } from '../errors/error-message';
import { TEAM_ROLES } from './schema/roles';
import { addressText, connectionConfig, parseTeamAddress } from './team-address';
import { setUpTeamDatabase } from './setup';
import { teamFailure } from './team-failure';

export const SETUP_USAGE = `usage: npm run team:setup -- --url postgres://ADMIN@HOST:5432/DATABASE [--ca FILE.pem]
  (from an installed Card Desk: card-desk --team-setup --url … [--ca …])
Creates or upgrades Card Desk's team schema and its roles (${TEAM_ROLES.join(', ')}).
The administrator's password is read from PGPASSWORD, or asked for.`;

export interface SetupIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Asks for the password without echoing it; null when there is no terminal to ask on. */
  askPassword: (prompt: string) => Promise<string | null>;
}

function argument(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

/** Runs the setup; returns the exit code (0 done, 1 the database refused or failed, 2 wrong usage). */
export async function runTeamSetup(args: readonly string[], io: SetupIo): Promise<number> {
  const url = argument(args, '--url');
  if (!url || args.includes('--help')) {
    io.err(SETUP_USAGE);
    return 2;
  }
  const parsed = parseTeamAddress(url);
  if (!parsed.ok) {
    io.err(`--url: ${parsed.problem.replace(/^url /, '')}`);
    return 2;
  }
  const { address } = parsed;
  const user = address.user ?? io.env.PGUSER;
  if (!user) {
    io.err('--url must name the administrator: postgres://ADMIN@HOST:5432/DATABASE');
    return 2;
  }
  let extraCa: string[] = [];
  const caFile = argument(args, '--ca');
  if (caFile) {
    try {
      extraCa = certificatesOfPem(readFileSync(caFile, 'utf8')).map((c) => c.pem);
    } catch (error) {
      io.err(`--ca ${caFile}: ${errorMessage(error)}`);
      return 2;
    }
  }
  const password = async () => {
    const fromEnv = io.env.PGPASSWORD;
    if (fromEnv) return fromEnv;
    const asked = await io.askPassword(`Password of ${user} on ${addressText(address)}: `);
    if (asked === null) throw new Error('the server asks for a password: set PGPASSWORD or run this in a terminal');
    return asked;
  };
  const client = new pg.Client(
    connectionConfig(address, { user, password, extraCa, applicationName: 'Card Desk team:setup' }),
  );
  const where = addressText(address);
  try {
    await client.connect();
  } catch (error) {
    io.err(`Could not connect to ${where} as ${user}: ${teamFailure(error, { where, user }).message}`);
    return 1;
  }
  try {
    const report = await setUpTeamDatabase(client);
    if (report.applied.length === 0 && report.kindsAdded.length === 0)
      io.out(`${where} is up to date: Card Desk's team schema is at version ${report.version}. Nothing changed.`);
    else {
      io.out(`${where}: Card Desk's team schema is now at version ${report.version} (set up by ${report.admin}).`);
      for (const m of report.applied) io.out(`  applied ${m.version}: ${m.name}`);
      if (report.kindsAdded.length > 0) io.out(`  kinds of write added: ${report.kindsAdded.join(', ')}`);
    }
    io.out(
      `Add an operator: CREATE ROLE alice LOGIN PASSWORD '…' IN ROLE card_desk_operator;  (a syncer: IN ROLE card_desk_operator, card_desk_syncer)`,
    );
    return 0;
  } catch (error) {
    io.err(`Setting up ${where} failed, nothing of the failed step was kept: ${errorMessage(error)}`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Asks on the terminal without echoing what is typed; null without a terminal. */
export function askHiddenOnTerminal(prompt: string): Promise<string | null> {
  if (!process.stdin.isTTY) return Promise.resolve(null);
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}
