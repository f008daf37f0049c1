// What a desk remembers of its team databases: per environment the address and the login's user name, in
// `<dataDir>/team.json` (written atomically, private to the user). The password is never here: it is in
// the keychain (`teamPasswordAccount`). The desk's own id, which names it in the team database together
// with the computer's name, is kept in the same file, made once.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../ports/ports';
import { PRIVATE_FILE_MODE } from '../storage/private-files';
import { errorMessage } from '../errors/error-message';
import { TEAM_SIGN_INS } from '../../src-shared/ipc/channels/team';
import { displayUrl } from './team-address';

export const TEAM_SETTINGS_FILE = 'team.json';

/**
 * The keychain account of a login's team database password: per environment (deleted with it), login and
 * database address, as API keys are filed per environment and address.
 */
export const teamPasswordAccount = (environmentId: string, login: TeamLogin): string =>
  `${environmentId} team ${login.user}@${displayUrl(login.url)}`;

const teamLoginSchema = z.object({
  url: z.string().min(1).max(2048),
  user: z.string().min(1).max(63),
  /** How the login signs in (absent: a password, as before Windows sign-in). */
  signIn: z.enum(TEAM_SIGN_INS).optional(),
});
export type TeamLogin = z.infer<typeof teamLoginSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  deskId: z.uuid(),
  environments: z.record(z.string(), teamLoginSchema),
});
type TeamSettingsFile = z.infer<typeof fileSchema>;

export interface Desk {
  /** Made once per data folder. */
  id: string;
  /** The computer's name, as the team journal shows the desk. */
  name: string;
}

export class TeamSettings {
  private data: TeamSettingsFile;
  private readonly file: string;

  constructor(dataDir: string, logger: Logger) {
    this.file = join(dataDir, TEAM_SETTINGS_FILE);
    this.data = { version: 1, deskId: randomUUID(), environments: {} };
    if (existsSync(this.file)) {
      try {
        this.data = fileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
        return;
      } catch (error) {
        // Only addresses and user names are lost: the operator signs in again. The file is kept aside.
        const aside = `${this.file}.unreadable-${Date.now()}`;
        logger.warn({ err: errorMessage(error), aside }, 'team settings unreadable; moved aside');
        renameSync(this.file, aside);
      }
    }
    this.write();
  }

  get desk(): Desk {
    return { id: this.data.deskId, name: hostname() || 'unnamed desk' };
  }

  login(environmentId: string): TeamLogin | null {
    return this.data.environments[environmentId] ?? null;
  }

  setLogin(environmentId: string, login: TeamLogin | null): void {
    const environments = { ...this.data.environments };
    if (login) environments[environmentId] = login;
    else delete environments[environmentId];
    this.data = { ...this.data, environments };
    this.write();
  }

  private write(): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(this.data, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
    renameSync(temp, this.file);
  }
}
