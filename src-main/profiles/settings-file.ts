// settings.json: the non-secret settings (environments and which one is active). Never holds a key;
// `keyVerified` is only a flag. Written atomically (temp file + rename) so a crash mid-write leaves the
// previous file intact; a file that cannot be read is moved aside and the user is told.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { proxySettingSchema } from '../../src-shared/ipc/channels/network';
import { LOCAL_SANDBOX_ENVIRONMENT_ID, baseUrlProblem } from '../../src-shared/ipc/channels/settings';
import { PRIVATE_FOLDER_MODE } from '../storage/private-files';

export const SETTINGS_FILE_NAME = 'settings.json';
/** Ids become folder names: keep them to safe characters. */
export const ENVIRONMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const storedEnvironmentSchema = z.object({
  id: z.string().regex(ENVIRONMENT_ID),
  name: z.string().min(1).max(80),
  baseUrl: z.string().min(1).max(2048),
  /** null: no key saved; false: saved while the server could not be reached. */
  keyVerified: z.boolean().nullable(),
  /** How its requests find their proxy (absent: "system"). A manual proxy's password is in the keychain. */
  proxy: proxySettingSchema.optional(),
  /** Set by the organisation's policy (laid over at each start, never edited here). */
  managed: z.literal(true).optional(),
  /** Its extra CA certificates: a PEM file in its folder, `environments/<id>/` (absent: none). */
  extraCaFile: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}\.pem$/)
    .optional(),
  /** Production or test (absent in files written before kinds existed: production). */
  kind: z.enum(['production', 'test']).optional(),
});
export type StoredEnvironment = z.infer<typeof storedEnvironmentSchema>;

const settingsSchema = z.object({
  version: z.literal(1),
  activeId: z.string(),
  environments: z.array(z.unknown()),
});

export interface Settings {
  version: 1;
  activeId: string;
  environments: StoredEnvironment[];
}

export const defaultSettings = (): Settings => ({
  version: 1,
  activeId: LOCAL_SANDBOX_ENVIRONMENT_ID,
  environments: [],
});

export interface LoadedSettings {
  settings: Settings;
  /** Something the user should know about the file (it was moved aside, an entry was dropped). */
  notices: string[];
}

/** Reads settings.json at start-up (synchronously, before anything else needs it). */
export function loadSettings(file: string, now: () => Date = () => new Date()): LoadedSettings {
  if (!existsSync(file)) return { settings: defaultSettings(), notices: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return moveAside(file, now);
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) return moveAside(file, now);

  const notices: string[] = [];
  const environments: StoredEnvironment[] = [];
  for (const entry of parsed.data.environments) {
    const env = storedEnvironmentSchema.safeParse(entry);
    const problem = env.success ? baseUrlProblem(env.data.baseUrl) : 'it is incomplete';
    const duplicate =
      env.success && (env.data.id === LOCAL_SANDBOX_ENVIRONMENT_ID || environments.some((e) => e.id === env.data.id));
    if (!env.success || problem || duplicate) {
      const name =
        entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string'
          ? `"${(entry as { name: string }).name}"`
          : 'an environment';
      notices.push(
        `Card Desk ignored ${name} in its settings because ${duplicate ? 'its id is used twice' : problem}. Add it again in Settings.`,
      );
      continue;
    }
    environments.push(env.data);
  }
  const activeKnown =
    parsed.data.activeId === LOCAL_SANDBOX_ENVIRONMENT_ID || environments.some((e) => e.id === parsed.data.activeId);
  return {
    settings: { version: 1, activeId: activeKnown ? parsed.data.activeId : LOCAL_SANDBOX_ENVIRONMENT_ID, environments },
    notices,
  };
}

function moveAside(file: string, now: () => Date): LoadedSettings {
  const aside = `${file}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(file, aside);
  } catch {
    return {
      settings: defaultSettings(),
      notices: [
        `Card Desk could not read its settings file (${file}) and could not move it aside, so it started with default settings.`,
      ],
    };
  }
  return {
    settings: defaultSettings(),
    notices: [
      `Card Desk could not read its settings file, so it moved it to ${basename(aside)} and started with default settings. ` +
        'Add your environments again and enter their API keys: a new environment never picks up an old key (the old keys stay in the system keychain, under "Card Desk").',
    ],
  };
}

/** Writes the whole file to a temporary file, flushes it to disk, then renames it over the old one. */
export async function writeSettings(file: string, settings: Settings): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(settings, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
