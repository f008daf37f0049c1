// Where the organisation's policy file is and how it is read. Installed apps read only the system-wide
// file IT deploys (a user cannot point the app elsewhere: on Windows it is found through the machine's
// registry, never an environment variable, windows-policy.ts); a run from a checkout reads the file
// CARD_DESK_POLICY_FILE names, if any. A policy that cannot be read or is not valid, or a Windows registry
// that cannot be read, stops start-up with an error naming the file and the field (fail closed): never half
// applied.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { NO_POLICY, policyFrom, policySchema, type Policy } from './policy';
import { regExeReader, windowsPolicyLocation, type RegistryRead } from './windows-policy';

export const POLICY_FILE_VARIABLE = 'CARD_DESK_POLICY_FILE';

/** The policy file an installed Card Desk reads on macOS and Linux (Windows: windows-policy.ts). */
export function systemPolicyFile(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/Card Desk/policy.json';
  return '/etc/card-desk/policy.json';
}

/** Where the policy is: its file, and whether that file must exist. */
export interface PolicyLocation {
  file: string;
  /** A file named on purpose (CARD_DESK_POLICY_FILE) must exist; the system's is optional (not deployed). */
  required: boolean;
}

/**
 * The file to read: the system's when installed (packaged), else CARD_DESK_POLICY_FILE (or none). The
 * environment is read only unpackaged; on Windows `registry` says where the system's file is.
 */
export function policyFileLocation(options: {
  packaged: boolean;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  registry?: RegistryRead;
}): PolicyLocation | null {
  if (options.packaged && options.platform === 'win32') {
    try {
      return windowsPolicyLocation(options.registry ?? regExeReader());
    } catch (error) {
      throw new Error(
        `Where the organisation's policy is cannot be read from the Windows registry: ${(error as Error).message}. ` +
          'Card Desk does not start without its policy. Ask your IT team.',
        { cause: error },
      );
    }
  }
  if (options.packaged) return { file: systemPolicyFile(options.platform), required: false };
  const named = options.env[POLICY_FILE_VARIABLE]?.trim();
  return named ? { file: named, required: true } : null;
}

/** A policy file that stops start-up: names the file and, when it is one field, that field. */
export class PolicyError extends Error {
  override readonly name = 'PolicyError';
  constructor(
    readonly file: string,
    readonly field: string | null,
    problem: string,
  ) {
    super(
      `The organisation's policy file ${file} is not valid${field ? `: the field "${field}" ${problem}` : `: ${problem}`}. ` +
        'Card Desk does not start with a policy it cannot apply whole. Ask your IT team to correct the file.',
    );
  }
}

const fieldOf = (path: readonly PropertyKey[]): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replaceAll('.[', '[');

/** The first problem of a zod failure as a PolicyError (unknown keys name the key). */
function errorOf(file: string, error: z.ZodError): PolicyError {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    return new PolicyError(file, fieldOf([...issue.path, key]), 'is not a known setting (check its spelling)');
  }
  const field = fieldOf(issue.path);
  return new PolicyError(file, field || null, field ? `is wrong: ${issue.message}` : issue.message);
}

/** Reads and checks the policy at `location` (null: no policy); an optional file that does not exist is no policy. */
export function loadPolicy(
  location: PolicyLocation | null,
  read = (path: string) => readFileSync(path, 'utf8'),
): Policy {
  if (!location) return NO_POLICY;
  const { file } = location;
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !location.required) return NO_POLICY;
    throw new PolicyError(file, null, `it cannot be read (${(error as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new PolicyError(file, null, `it is not valid JSON (${(error as Error).message})`);
  }
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) throw errorOf(file, parsed.error);
  const policy = policyFrom(parsed.data, file);
  policy.environments.forEach((env, i) => {
    if (!env.extraCaFile) return;
    let pem: string;
    try {
      pem = read(env.extraCaFile);
    } catch (error) {
      throw new PolicyError(
        file,
        `environments[${i}].extraCaFile`,
        `names ${env.extraCaFile}, which cannot be read (${(error as Error).message})`,
      );
    }
    if (!/-----BEGIN CERTIFICATE-----/.test(pem))
      throw new PolicyError(
        file,
        `environments[${i}].extraCaFile`,
        `names ${env.extraCaFile}, which holds no PEM certificate`,
      );
  });
  return policy;
}
