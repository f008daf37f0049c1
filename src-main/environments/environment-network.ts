// Each environment's way to its service, as the operator sets it in Settings: its proxy ("system", "none"
// or a manual one whose password lives in the keychain under "<id> proxy", so deleting the environment
// deletes it with its keys) and its extra CA certificates (the chosen PEM copied into the environment's
// own folder, `environments/<id>/extra-ca.pem`, removed with it). Environments the organisation's policy sets are read from there and cannot be changed.
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { EnvironmentNetwork, ProxySetting, ProxySignInAsk } from '../../src-shared/ipc/channels/network';
import { SYSTEM_PROXY } from '../../src-shared/ipc/channels/network';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { networkResolver, type NetworkResolver } from '../api/network-resolver';
import type { ResolveProxy } from '../api/network-route';
import { certificatesOfPem, summaryOf } from '../api/trust-store';
import { KeychainUnavailableError } from '../keychain/keychain-error';
import type { SecretStore } from '../keychain/secret-store';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../storage/private-files';
import { errorMessage } from '../errors/error-message';
import { type Environments, isLocal, notFound } from './environments';
import { createProxySignIns, type ProxySignIns } from './proxy-sign-ins';

/** The copy of an environment's extra CA certificates, in its own folder. */
export const EXTRA_CA_FILE = 'extra-ca.pem';

/** The keychain account of an environment's proxy password. */
export const proxyPasswordAccount = (environmentId: string): string => `${environmentId} proxy`;

/** An environment the organisation's policy sets: its proxy and its CA file (an absolute path). */
export interface ManagedNetwork {
  proxy: ProxySetting;
  extraCaFile: string | null;
}

export const MANAGED_NETWORK_REFUSAL =
  "This environment is set by your organisation: its proxy and certificates come from the organisation's policy and cannot be changed here.";

export interface EnvironmentNetworksOptions {
  dataDir: string;
  secretStore: SecretStore;
  environments: Environments;
  /** The operating system's proxy for a URL (Electron: Chromium's resolver; default HTTPS_PROXY & co). */
  resolveProxy?: ResolveProxy | undefined;
  /** The network of an environment the policy sets, if `id` is one. */
  managed?: ((id: string) => ManagedNetwork | undefined) | undefined;
  logger: Logger;
  /** A proxy the system chose asks the operator for a sign-in (event network.proxySignInAsked). */
  onSignInAsked?: ((ask: ProxySignInAsk) => void) | undefined;
}

export interface SetProxyInput {
  environmentId: string;
  proxy: ProxySetting;
  password?: string | undefined;
}

export interface EnvironmentNetworks {
  /** The network the client of `id` asks per request (settings read at each request). */
  readonly resolverFor: (id: string) => NetworkResolver;
  /** The extra CA certificates (PEM) the environment `id` trusts, beside the system's: the API's and its team database's. */
  readonly extraCaOf: (id: string) => readonly string[];
  /** Sign-ins kept and asked for proxies the system chose (proxy-sign-ins.ts). */
  readonly proxySignIns: ProxySignIns;
  get(id: string): Promise<Result<EnvironmentNetwork>>;
  setProxy(input: SetProxyInput): Promise<Result<EnvironmentNetwork>>;
  setExtraCa(input: { environmentId: string; pem: string | null }): Promise<Result<EnvironmentNetwork>>;
}

interface CaFile {
  pems: string[];
  problem: string | null;
}

export function createEnvironmentNetworks(options: EnvironmentNetworksOptions): EnvironmentNetworks {
  const { dataDir, secretStore, environments, logger } = options;
  const folderOf = (id: string) => join(dataDir, 'environments', id);
  const caFiles = new Map<string, CaFile>();

  /** The environment's network settings, or undefined when there is no such environment. */
  function settingsOf(id: string): (ManagedNetwork & { managed: boolean }) | undefined {
    const managed = options.managed?.(id);
    if (managed) return { ...managed, managed: true };
    const env = environments.get(id);
    if (env)
      return {
        proxy: env.proxy ?? SYSTEM_PROXY,
        extraCaFile: env.extraCaFile ? join(folderOf(id), env.extraCaFile) : null,
        managed: false,
      };
    return isLocal(id) ? { proxy: { mode: 'none' }, extraCaFile: null, managed: false } : undefined;
  }

  function caFile(path: string | null): CaFile {
    if (!path) return { pems: [], problem: null };
    let file = caFiles.get(path);
    if (!file) {
      try {
        file = { pems: certificatesOfPem(readFileSync(path, 'utf8')).map((c) => c.pem), problem: null };
      } catch (error) {
        logger.warn({ file: path, err: errorMessage(error) }, 'extra CA file unreadable');
        file = { pems: [], problem: `Card Desk could not read the certificate file ${path}: ${errorMessage(error)}` };
      }
      caFiles.set(path, file);
    }
    return file;
  }

  const password = (id: string) => () => secretStore.get(proxyPasswordAccount(id));
  const proxySignIns = createProxySignIns({ secretStore, logger, onAsked: options.onSignInAsked });

  const extraCaOf = (id: string): readonly string[] => caFile(settingsOf(id)?.extraCaFile ?? null).pems;

  function resolverFor(id: string): NetworkResolver {
    return networkResolver({
      proxy: () => settingsOf(id)?.proxy ?? SYSTEM_PROXY,
      resolveSystem: options.resolveProxy,
      proxyPassword: password(id),
      savedSignIn: proxySignIns.saved,
      onSignInWanted: proxySignIns.wanted,
      extraCa: () => extraCaOf(id),
      logger,
    });
  }

  async function view(id: string): Promise<Result<EnvironmentNetwork>> {
    const settings = settingsOf(id);
    if (!settings) return notFound(id);
    let hasProxyPassword = false;
    if (settings.proxy.mode === 'manual' && settings.proxy.username) {
      try {
        hasProxyPassword = (await secretStore.get(proxyPasswordAccount(id))) !== null;
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
      }
    }
    const file = caFile(settings.extraCaFile);
    return ok({
      proxy: settings.proxy,
      hasProxyPassword,
      extraCa: file.pems.map((pem) => summaryOf(certificatesOfPem(pem)[0]!.certificate)),
      managed: settings.managed,
      ...(file.problem ? { extraCaProblem: file.problem } : {}),
    });
  }

  /** Why `id`'s network cannot be changed here, or null. */
  function refusal(id: string): Result<never> | null {
    const settings = settingsOf(id);
    if (!settings) return notFound(id);
    if (settings.managed) return err('forbidden', MANAGED_NETWORK_REFUSAL);
    if (isLocal(id))
      return err('validation', 'The local sandbox runs on this computer and is always reached directly.', {
        field: 'environmentId',
      });
    return null;
  }

  async function setProxy({ environmentId: id, proxy, password: newPassword }: SetProxyInput) {
    const refused = refusal(id);
    if (refused) return refused;
    const env = environments.get(id)!;
    const account = proxyPasswordAccount(id);
    const keepsUser = proxy.mode === 'manual' && proxy.username;
    let previous: string | null;
    try {
      previous = await secretStore.get(account);
      if (!keepsUser) {
        if (previous !== null) await secretStore.delete(account);
      } else if (newPassword !== undefined && newPassword !== '') await secretStore.set(account, newPassword);
    } catch (error) {
      if (error instanceof KeychainUnavailableError) return error.toErr();
      throw error;
    }
    const saved = await environments.setNetwork(id, {
      // "system" is the default: stored only when it names a Kerberos service principal.
      ...(proxy.mode === 'system' && !proxy.servicePrincipal ? {} : { proxy }),
      ...(env.extraCaFile ? { extraCaFile: env.extraCaFile } : {}),
    });
    if (!saved.ok) {
      // Settings could not follow: the keychain goes back to what it held.
      await (previous === null ? secretStore.delete(account) : secretStore.set(account, previous)).catch((e: unknown) =>
        logger.error({ err: errorMessage(e) }, 'restoring the proxy password failed'),
      );
      return saved;
    }
    logger.info({ environmentId: id, proxy: proxy.mode }, 'environment proxy changed');
    return view(id);
  }

  async function setExtraCa({ environmentId: id, pem }: { environmentId: string; pem: string | null }) {
    const refused = refusal(id);
    if (refused) return refused;
    const env = environments.get(id)!;
    const name = EXTRA_CA_FILE;
    const folder = folderOf(id);
    const path = join(folder, name);
    if (pem === null) {
      const saved = await environments.setNetwork(id, env.proxy ? { proxy: env.proxy } : {});
      if (!saved.ok) return saved;
      caFiles.delete(path);
      await rm(path, { force: true });
      return view(id);
    }
    let certificates: ReturnType<typeof certificatesOfPem>;
    try {
      certificates = certificatesOfPem(pem);
    } catch (error) {
      return err('validation', errorMessage(error), { field: 'pem', fields: { pem: errorMessage(error) } });
    }
    try {
      await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, certificates.map((c) => c.pem).join(''), { mode: PRIVATE_FILE_MODE });
      await rename(temp, path);
    } catch (error) {
      logger.error({ err: errorMessage(error) }, 'writing the extra CA file failed');
      return err(
        'internal',
        `Card Desk could not save the certificate in ${folder}. Check that the folder is writable.`,
      );
    }
    caFiles.delete(path);
    const saved = await environments.setNetwork(id, { ...(env.proxy ? { proxy: env.proxy } : {}), extraCaFile: name });
    if (!saved.ok) return saved;
    logger.info({ environmentId: id, certificates: certificates.length }, 'environment extra CA saved');
    return view(id);
  }

  return { resolverFor, extraCaOf, proxySignIns, get: view, setProxy, setExtraCa };
}
