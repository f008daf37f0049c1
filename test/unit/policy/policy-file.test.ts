// The policy file: where each system keeps it, what a valid one gives, and that anything wrong (an unknown
// key, a wrong value, a file that cannot be read) stops start-up with an error naming the file and field.
import { describe, expect, it } from 'vitest';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { PolicyError, loadPolicy, policyFileLocation } from '../../../src-main/policy/policy-file';

const FILE = '/etc/card-desk/policy.json';
const EXAMPLE = {
  environments: [
    {
      id: 'head-office',
      name: 'Head office',
      baseUrl: 'https://api.example.com',
      proxy: 'system',
      extraCaFile: '/etc/card-desk/corp-ca.pem',
    },
  ],
  allowUserEnvironments: false,
  allowLocalSandbox: false,
  syncScheduleMinutes: 60,
  fullSweepHours: 24,
};
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

/** Reads the policy text `json` (and the CA file) as if from disk. */
const load = (json: unknown, files: Record<string, string> = { '/etc/card-desk/corp-ca.pem': PEM }) =>
  loadPolicy({ file: FILE, required: true }, (path) => {
    if (path === FILE) return typeof json === 'string' ? json : JSON.stringify(json);
    const text = files[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
    return text;
  });

const failure = (json: unknown, files?: Record<string, string>): PolicyError => {
  try {
    load(json, files);
  } catch (error) {
    if (error instanceof PolicyError) return error;
    throw error;
  }
  throw new Error('the policy was accepted');
};

/** The machine's registry as reg.exe reads it, with `values` by "KEY\\value", ProgramData where Windows puts it. */
const machine =
  (values: Record<string, string>) =>
  (key: string, value: string): string | null =>
    values[`${key}\\${value}`] ?? (value === 'Common AppData' ? 'C:\\ProgramData' : null);

describe('where the policy file is', () => {
  it('is the system-wide file for an installed app, whatever CARD_DESK_POLICY_FILE says', () => {
    const env = { CARD_DESK_POLICY_FILE: '/tmp/mine.json', ProgramData: 'C:\\ProgramData' };
    expect(policyFileLocation({ packaged: true, platform: 'linux', env })).toEqual({ file: FILE, required: false });
    expect(policyFileLocation({ packaged: true, platform: 'darwin', env })?.file).toBe(
      '/Library/Application Support/Card Desk/policy.json',
    );
    expect(policyFileLocation({ packaged: true, platform: 'win32', env, registry: machine({}) })).toEqual({
      file: 'C:\\ProgramData\\Card Desk\\policy.json',
      required: false,
    });
  });

  it('is the file CARD_DESK_POLICY_FILE names in a run from a checkout, and none without it', () => {
    expect(
      policyFileLocation({ packaged: false, platform: 'linux', env: { CARD_DESK_POLICY_FILE: '/tmp/p.json' } }),
    ).toEqual({ file: '/tmp/p.json', required: true });
    expect(policyFileLocation({ packaged: false, platform: 'linux', env: {} })).toBeNull();
  });

  it('is no policy when the system file is not deployed, but an error when a named file is missing', () => {
    const missing = () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    expect(loadPolicy({ file: FILE, required: false }, missing)).toBe(NO_POLICY);
    expect(() => loadPolicy({ file: '/tmp/p.json', required: true }, missing)).toThrow(/\/tmp\/p\.json/);
  });
});

describe('a valid policy', () => {
  it('gives the environments, the switches and the schedule', () => {
    const policy = load(EXAMPLE);
    expect(policy).toMatchObject({
      file: FILE,
      environments: [
        {
          id: 'head-office',
          name: 'Head office',
          baseUrl: 'https://api.example.com',
          proxy: { mode: 'system' },
          extraCaFile: '/etc/card-desk/corp-ca.pem',
        },
      ],
      allowUserEnvironments: false,
      allowLocalSandbox: false,
      syncScheduleMinutes: 60,
      fullSweepHours: 24,
    });
  });

  it('reads "none" and a manual proxy, and the keys later work uses', () => {
    const policy = load({
      environments: [
        { id: 'a', name: 'A', baseUrl: 'https://a.example.com', proxy: 'none' },
        { id: 'b', name: 'B', baseUrl: 'https://b.example.com', proxy: { host: 'proxy.corp', port: 8080 } },
      ],
      autoLockMinutes: 15,
      unlockPasscode: true,
      cacheRetentionDays: 30,
      updates: { feedUrl: 'https://updates.example.com/card-desk', enabled: true },
      allowDevTools: false,
    });
    expect(policy.environments.map((e) => e.proxy)).toEqual([
      { mode: 'none' },
      { mode: 'manual', host: 'proxy.corp', port: 8080 },
    ]);
    expect(policy).toMatchObject({
      allowUserEnvironments: true,
      allowLocalSandbox: true,
      autoLockMinutes: 15,
      unlockPasscode: true,
      cacheRetentionDays: 30,
      updates: { feedUrl: 'https://updates.example.com/card-desk', enabled: true },
      allowDevTools: false,
    });
  });

  it("reads an environment's team database address", () => {
    const policy = load({
      environments: [
        { ...EXAMPLE.environments[0], team: { url: 'postgres://db.bank.local:5432/carddesk' } },
        { id: 'b', name: 'B', baseUrl: 'https://b.example.com' },
      ],
    });
    expect(policy.environments.map((e) => e.teamUrl)).toEqual(['postgres://db.bank.local:5432/carddesk', null]);
    // Writes wait for the team database unless the policy says otherwise.
    expect(policy.teamRequiredForWrites).toBeUndefined();
    expect(load({ teamRequiredForWrites: false }).teamRequiredForWrites).toBe(false);
  });

  it("reads how operators sign in to the team database and whether its address is a pooler's", () => {
    const team = {
      url: 'postgres://pgbouncer.bank.local:6432/carddesk',
      signIn: 'windows',
      pooler: true,
      listenUrl: 'postgres://db.bank.local:5432/carddesk',
    };
    const policy = load({ environments: [{ ...EXAMPLE.environments[0], team }] });
    expect(policy.environments[0]).toMatchObject({
      teamSignIn: 'windows',
      teamPooler: true,
      teamListenUrl: 'postgres://db.bank.local:5432/carddesk',
    });
    const refused = (extra: object) => () =>
      load({ environments: [{ ...EXAMPLE.environments[0], team: { url: team.url, ...extra } }] });
    expect(refused({ signIn: 'kerberos' })).toThrow(/signIn must be one of password, windows/);
    expect(refused({ listenUrl: 'http://db.bank.local' })).toThrow(/listenUrl: url must start with postgres:\/\//);
  });

  it("takes the proxy's Kerberos service principal, and names one that is not a principal", () => {
    const policy = load({
      environments: [
        {
          id: 'a',
          name: 'A',
          baseUrl: 'https://a.example.com',
          proxy: { host: '10.1.2.3', port: 8080 },
          proxyKerberosServicePrincipal: 'HTTP/proxy.corp.example',
        },
        { id: 'b', name: 'B', baseUrl: 'https://b.example.com', proxyKerberosServicePrincipal: 'HTTP@gw.corp' },
      ],
    });
    expect(policy.environments.map((e) => e.proxy)).toEqual([
      { mode: 'manual', host: '10.1.2.3', port: 8080, servicePrincipal: 'HTTP/proxy.corp.example' },
      { mode: 'system', servicePrincipal: 'HTTP@gw.corp' },
    ]);
    expect(() =>
      load({
        environments: [
          { id: 'a', name: 'A', baseUrl: 'https://a.example.com', proxyKerberosServicePrincipal: 'proxy corp' },
        ],
      }),
    ).toThrow(/environments\.0\.proxyKerberosServicePrincipal|environments\[0\]\.proxyKerberosServicePrincipal/);
  });

  it('is all defaults when empty', () => {
    expect(load({})).toEqual({ ...NO_POLICY, file: FILE });
  });
});

describe('an invalid policy stops start-up naming the file and the field', () => {
  it.each([
    [{ ...EXAMPLE, allowUserEnvironmnets: true }, 'allowUserEnvironmnets', 'not a known setting'],
    [
      { environments: [{ ...EXAMPLE.environments[0], proxyy: 'system' }] },
      'environments[0].proxyy',
      'not a known setting',
    ],
    [{ updates: { feedUrl: 'https://u.example.com', channel: 'beta' } }, 'updates.channel', 'not a known setting'],
    [{ allowLocalSandbox: 'no' }, 'allowLocalSandbox', 'is wrong'],
    [{ syncScheduleMinutes: -5 }, 'syncScheduleMinutes', 'is wrong'],
    [{ autoLockMinutes: 0 }, 'autoLockMinutes', 'is wrong'],
    [{ autoLockMinutes: 241 }, 'autoLockMinutes', 'is wrong'],
    [{ cacheRetentionDays: 0 }, 'cacheRetentionDays', 'is wrong'],
    [{ updates: { feedUrl: 'not a url' } }, 'updates.feedUrl', 'is wrong'],
    // An update feed over plain http, ftp or a file: only https (a test feed on this computer aside).
    [{ updates: { feedUrl: 'http://updates.bank.example/cd' } }, 'updates.feedUrl', 'must be an https: address'],
    [{ updates: { feedUrl: 'ftp://updates.bank.example/cd' } }, 'updates.feedUrl', 'must be an https: address'],
    [{ updates: { feedUrl: 'file:///srv/card-desk' } }, 'updates.feedUrl', 'must be an https: address'],
    // The policy cannot add a key that updates may be signed with.
    [
      { updates: { feedUrl: 'https://u.example.com', publicKeys: ['-----BEGIN PUBLIC KEY-----'] } },
      'updates.publicKeys',
      'not a known setting',
    ],
    [{ updateKeys: ['-----BEGIN PUBLIC KEY-----'] }, 'updateKeys', 'not a known setting'],
    [{ environments: [{ id: 'x', name: 'X', baseUrl: 'http://api.example.com' }] }, 'environments[0].baseUrl', 'https'],
    [
      { environments: [{ id: 'local-sandbox', name: 'X', baseUrl: 'https://a.example.com' }] },
      'environments[0].id',
      'reserved',
    ],
    [
      { environments: [{ id: 'x', name: 'X', baseUrl: 'https://a.example.com', proxy: { host: 'p', port: 99999 } }] },
      'environments[0].proxy.port',
      'is wrong',
    ],
    [
      {
        environments: [
          { id: 'x', name: 'X', baseUrl: 'https://a.example.com' },
          { id: 'x', name: 'Y', baseUrl: 'https://b.example.com' },
        ],
      },
      'environments[1].id',
      'used twice',
    ],
    [
      { environments: [{ id: 'x', name: 'X', baseUrl: 'https://a.example.com', extraCaFile: 'corp-ca.pem' }] },
      'environments[0].extraCaFile',
      'absolute path',
    ],
    [
      {
        environments: [
          {
            id: 'x',
            name: 'X',
            baseUrl: 'https://a.example.com',
            team: { url: 'postgres://db.bank.local/carddesk?sslmode=disable' },
          },
        ],
      },
      'environments[0].team.url',
      'only to this computer',
    ],
    [
      {
        environments: [
          { id: 'x', name: 'X', baseUrl: 'https://a.example.com', team: { url: 'https://db.bank.local' } },
        ],
      },
      'environments[0].team.url',
      'postgres://',
    ],
    [{ teamRequiredForWrites: 'no' }, 'teamRequiredForWrites', 'boolean'],
  ])('%j names %s', (json, field, words) => {
    const error = failure(json);
    expect(error.field).toBe(field);
    expect(error.message).toContain(FILE);
    expect(error.message).toContain(`"${field}"`);
    expect(error.message).toContain(words);
  });

  it('names a CA file that cannot be read, or holds no certificate', () => {
    expect(failure(EXAMPLE, {}).message).toMatch(/environments\[0\]\.extraCaFile.*corp-ca\.pem.*cannot be read/);
    expect(failure(EXAMPLE, { '/etc/card-desk/corp-ca.pem': 'hello' }).message).toContain('holds no PEM certificate');
  });

  it('names a file that is not JSON', () => {
    const error = failure('{ "allowLocalSandbox": false, }');
    expect(error.message).toContain(FILE);
    expect(error.message).toContain('not valid JSON');
  });
});
