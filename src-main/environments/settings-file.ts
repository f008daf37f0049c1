// settings.json: the non-secret settings (environments and which one is active). Never holds a key;
// `keyVerified` is only a flag. Written atomically (temp file + rename) so a crash mid-write leaves the
// previous file intact; a file that cannot be read is moved aside and the user is told.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { proxySettingSchema } from '../../src-shared/ipc/channels/network';
import { LOCAL_SANDBOX_ENVIRONMENT_ID, baseUrlProblem } from '../../src-shared/ipc/channels/settings';
import { PRIVATE_FOLDER_MODE } from '../storage/private-files';

export const SETTINGS_FILE_NAME = 'settings.json';
/** Beside settings.json: the environments Card Desk ignored at start, kept as they were written. */
export const IGNORED_ENVIRONMENTS_FILE_NAME = 'settings.ignored-environments.json';
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
    // A byte order mark, as Windows editors write one, is not part of the JSON.
    raw = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return moveAside(file, now);
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) return moveAside(file, now);

  const notices: string[] = [];
  const environments: StoredEnvironment[] = [];
  const ignored: IgnoredEnvironment[] = [];
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
      ignored.push({ name, reason: duplicate ? 'its id is used twice' : (problem ?? 'it is incomplete'), entry });
      continue;
    }
    environments.push(env.data);
  }
  if (ignored.length > 0) notices.push(...ignoredNotices(file, ignored, now));
  const activeKnown =
    parsed.data.activeId === LOCAL_SANDBOX_ENVIRONMENT_ID || environments.some((e) => e.id === parsed.data.activeId);
  return {
    settings: { version: 1, activeId: activeKnown ? parsed.data.activeId : LOCAL_SANDBOX_ENVIRONMENT_ID, environments },
    notices,
  };
}

interface IgnoredEnvironment {
  /** `"Name"`, or `an environment` when it has none. */
  name: string;
  reason: string;
  /** The entry as settings.json held it. */
  entry: unknown;
}

/**
 * Keeps the ignored entries in IGNORED_ENVIRONMENTS_FILE_NAME beside settings.json (added to what an earlier
 * start kept there), so the next save of settings.json does not lose them, and says so, naming the file.
 */
function ignoredNotices(file: string, ignored: IgnoredEnvironment[], now: () => Date): string[] {
  const aside = join(dirname(file), IGNORED_ENVIRONMENTS_FILE_NAME);
  let kept = false;
  try {
    let earlier: unknown[] = [];
    try {
      const text = readFileSync(aside, 'utf8').replace(/^\uFEFF/, '');
      const parsed = JSON.parse(text) as { environments?: unknown };
      if (Array.isArray(parsed.environments)) earlier = parsed.environments;
    } catch {
      earlier = []; // none yet, or unreadable: started afresh (an unreadable one is replaced below)
    }
    const seen = new Set(earlier.map((e) => JSON.stringify((e as { entry?: unknown }).entry)));
    const at = now().toISOString();
    const added = ignored
      .filter((i) => !seen.has(JSON.stringify(i.entry)))
      .map((i) => ({ ignoredAt: at, reason: i.reason, entry: i.entry }));
    writeFileSync(aside, `${JSON.stringify({ environments: [...earlier, ...added] }, null, 2)}\n`, { mode: 0o600 });
    kept = true;
  } catch {
    kept = false;
  }
  return ignored.map(
    (i) =>
      `Card Desk ignored ${i.name} in its settings because ${i.reason}. ` +
      (kept
        ? `It is kept as it was in ${IGNORED_ENVIRONMENTS_FILE_NAME} beside settings.json. Add it again in Settings.`
        : `It could not be kept aside in ${IGNORED_ENVIRONMENTS_FILE_NAME} (the data folder could not be written); settings.json is left as it is until you change a setting. Add it again in Settings.`),
  );
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
