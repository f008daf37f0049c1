// The test harness: the built renderer in a real browser, with `window.cardDesk` forwarded over one WebSocket
// to the real main-process handler table (same contract, handlers, services and storage as the app; only
// Electron's IPC transport is replaced). Listens on 127.0.0.1 only; the socket opens only with the token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { EventName } from '../../src-shared/ipc/names';
import { createAppCore, type AppCore, type AppCoreOptions } from '../../src-main/core/app-core';
import { createDispatcher } from '../../src-main/ipc/register';
import type { Policy } from '../../src-main/policy/policy';
import { loadPolicy, policyFileLocation } from '../../src-main/policy/policy-file';
import { META_CONTENT_SECURITY_POLICY, cspWith } from '../../src-main/security/renderer-baseline';
import { contentTypeOf, resolveUnder } from '../../src-main/security/renderer-assets';
import type { UpdateEngine } from '../../src-main/updates/update-engine';
import { updateFeed } from '../../src-main/updates/update-policy';
import { createUpdateService, type UpdateService } from '../../src-main/updates/update-service';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface HarnessOptions {
  port?: number;
  /** Folder for settings, caches and the journal; a new temporary folder when absent. */
  dataDir?: string;
  /** Where CSV exports are saved (the harness's stand-in for the save dialog). Default `<dataDir>/exports`. */
  saveDir?: string;
  /** The organisation's policy; default: the file CARD_DESK_POLICY_FILE names, if any. */
  policy?: Policy;
  /** Use this API instead of the built-in local sandbox (the key goes to the OS keychain). */
  apiBaseUrl?: string;
  apiKey?: string;
  /** Options for the built-in local sandbox (seed, customers...). */
  sandbox?: AppCoreOptions['localSandbox'];
  /**
   * Let the local sandbox's first sync start by itself, as in the app. Off by default here, so a test
   * starts from an empty customer cache and syncs when it means to.
   */
  sandboxFirstSync?: boolean;
  /** Built renderer folder; default `out/renderer`. */
  rendererDir?: string;
  /**
   * Updates from this feed through this engine (electron-updater behind its port): the harness runs the
   * app's update service on them as the shell does (a check at start, "updates.status" events to the page).
   */
  updates?: { engine: UpdateEngine; feedUrl: string };
  /** The clock of the lock's waits after wrong passcodes (AppCoreOptions.lockClock). */
  lockClock?: () => number;
  /** The team database's timings (AppCoreOptions.team): how soon a lost database is tried again. */
  team?: AppCoreOptions['team'];
  /** Reconciliation's timings (AppCoreOptions.reconcile): how soon an unknown outcome is looked for. */
  reconcile?: AppCoreOptions['reconcile'];
  /** Every API client's time limits and retries (AppCoreOptions.apiClient): a GET's backoff, shortened. */
  apiClient?: AppCoreOptions['apiClient'];
}

export interface Harness {
  /** The page to open, with the token; append a hash route such as `#/customers`. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  saveDir: string;
  core: AppCore;
  /** The update service, when `updates` was given. */
  updates: UpdateService | null;
  /** How many calls the page has made on `channel` since the harness started (refused ones included). */
  callsTo(channel: string): number;
  /** Makes the next "save file" question answer as if the user pressed Cancel. */
  cancelNextSave(): void;
  stop(): Promise<void>;
}

async function bundleBrowserBridge(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(repoRoot, 'test/harness/browser-bridge.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

function tokenMatches(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The largest call: a file to issue cards from may be 4 million characters (bulk-issue.ts), 16 MB as UTF-8. */
const LARGEST_CALL_BYTES = 16_000_000;

function textOf(data: RawData): string {
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString(
    'utf8',
  );
}

/** The renderer's files: index.html with the harness's bridge and CSP, the rest as built, or 404. */
async function servePage(
  res: ServerResponse,
  pathname: string,
  { rendererDir, indexHtml, csp, metaCsp }: { rendererDir: string; indexHtml: string; csp: string; metaCsp: string },
): Promise<void> {
  if (pathname === '/' || pathname === '/index.html') {
    const html = indexHtml
      .replace(
        /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/,
        `<meta http-equiv="Content-Security-Policy" content="${metaCsp}">`,
      )
      .replace('<head>', '<head>\n    <script src="/__harness/bridge.js"></script>');
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': csp,
        'Cache-Control': 'no-store',
      })
      .end(html);
    return;
  }
  const file = resolveUnder(rendererDir, pathname);
  if (!file) {
    res.writeHead(404).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': contentTypeOf(file), 'Content-Security-Policy': csp }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  // A run from a checkout: the policy CARD_DESK_POLICY_FILE names, read before anything starts (fail closed).
  const policy =
    options.policy ?? loadPolicy(policyFileLocation({ packaged: false, platform: process.platform, env: process.env }));
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'card-desk-harness-')));
  const saveDir = options.saveDir ?? path.join(dataDir, 'exports');
  await mkdir(saveDir, { recursive: true });
  const rendererDir = options.rendererDir ?? path.join(repoRoot, 'out/renderer');
  const indexHtml = await readFile(path.join(rendererDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`No built renderer in ${rendererDir}: run \`npm run build\` first.`);
  });
  const bridgeJs = await bundleBrowserBridge();
  const token = randomBytes(24).toString('hex');
  const sockets = new Set<WebSocket>();
  const callCounts = new Map<string, number>();
  let cancelNext = false;
  let updates: UpdateService | null = null;
  const emit = (name: EventName, payload: unknown) => {
    if (sockets.size === 0) return;
    const message = JSON.stringify({ event: name, payload });
    for (const socket of sockets) socket.send(message);
  };

  const core = await createAppCore({
    dataDir,
    policy,
    localSandbox: options.sandbox,
    localSandboxFirstSync: options.sandboxFirstSync ?? false,
    ...(options.lockClock ? { lockClock: options.lockClock } : {}),
    ...(options.team ? { team: options.team } : {}),
    ...(options.apiClient ? { apiClient: options.apiClient } : {}),
    ...(options.reconcile ? { reconcile: options.reconcile } : {}),
    saveFile: {
      async chooseSavePath(suggestedName) {
        if (cancelNext) {
          cancelNext = false;
          return null;
        }
        return path.join(saveDir, suggestedName);
      },
    },
    openExternal: async () => {},
    // The harness's stand-in for the system clipboard: the last text copied, in <dataDir>/clipboard.txt.
    writeClipboard: (text) => writeFileSync(path.join(dataDir, 'clipboard.txt'), text),
    emit,
    updates: () => updates,
  });
  if (options.updates) {
    updates = createUpdateService({
      engine: options.updates.engine,
      feed: updateFeed(null, { feedUrl: options.updates.feedUrl }, { packaged: false }),
      unsettledWrites: () => core.unsettledWrites(),
      onChange: (status) => emit('updates.status', status),
      logger: core.logger,
    });
    updates.start();
  }

  // Known once the server listens; the dispatcher is created then, allowing only this origin.
  let origin = '';
  let dispatch: ReturnType<typeof createDispatcher> | null = null;
  // The page may connect to the harness itself (the bridge); everything else is the app's own CSP.
  const csp = cspWith('connect-src', "'self'");
  const metaCsp = META_CONTENT_SECURITY_POLICY.replace("connect-src 'none'", "connect-src 'self'");

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin || 'http://127.0.0.1');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (url.pathname === '/__harness/bridge.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(bridgeJs);
        return;
      }
      await servePage(res, url.pathname, { rendererDir, indexHtml, csp, metaCsp });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  // The bridge's socket: the token opens it; each message is one call, answered on the same socket in the order
  // main answers, with main's events between.
  const socketServer = new WebSocketServer({ noServer: true, maxPayload: LARGEST_CALL_BYTES });
  server.on('upgrade', (req: IncomingMessage, stream: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname !== '/__harness/socket' || !tokenMatches(url.searchParams.get('token'), token)) {
      stream.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    // The page that opened the socket, as Electron names the frame that sent a message.
    const sender = { frameUrl: req.headers.origin ?? null, isTopFrame: true };
    socketServer.handleUpgrade(req, stream, head, (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('message', (data) => void answerCall(socket, data, sender));
    });
  });
  const answerCall = async (
    socket: WebSocket,
    data: RawData,
    sender: { frameUrl: string | null; isTopFrame: boolean },
  ) => {
    let message: { id?: unknown; channel?: unknown; input?: unknown; inputIsUndefined?: boolean; options?: unknown };
    try {
      message = JSON.parse(textOf(data));
    } catch {
      socket.close(1007, 'A call must be JSON.');
      return;
    }
    const input = message.inputIsUndefined ? undefined : message.input;
    const channel = String(message.channel);
    callCounts.set(channel, (callCounts.get(channel) ?? 0) + 1);
    const result = await dispatch!(message.channel, sender, input, message.options);
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ id: message.id, result }));
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('harness did not get a port');
  origin = `http://127.0.0.1:${address.port}`;
  dispatch = createDispatcher({
    handlers: core.handlers,
    guards: core.guards,
    allowedOrigins: [origin],
    cancels: core.cancels,
    logger: core.logger,
  });

  if (options.apiBaseUrl) {
    await useRemoteApi(dispatch, origin, options.apiBaseUrl, options.apiKey);
  }

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    dataDir,
    saveDir,
    core,
    updates,
    callsTo: (channel) => callCounts.get(channel) ?? 0,
    cancelNextSave: () => {
      cancelNext = true;
    },
    async stop() {
      updates?.stop();
      for (const socket of sockets) socket.terminate();
      sockets.clear();
      socketServer.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await core.dispose();
    },
  };
}

/** Adds and activates an environment for `--api-base-url`, saving `--api-key` to the keychain. */
async function useRemoteApi(
  dispatch: ReturnType<typeof createDispatcher>,
  origin: string,
  baseUrl: string,
  key: string | undefined,
): Promise<void> {
  const sender = { frameUrl: origin, isTopFrame: true };
  const saved = await dispatch('environments.save', sender, { name: 'Harness API', baseUrl });
  if (!saved.ok) throw new Error(`--api-base-url: ${saved.error.message}`);
  const id = (saved.data as { id: string }).id;
  if (key) {
    const set = await dispatch('keys.set', sender, { environmentId: id, key, allowUnverified: true });
    if (!set.ok) throw new Error(`--api-key: ${set.error.message}`);
  }
  const active = await dispatch('environments.activate', sender, { id });
  if (!active.ok) throw new Error(`could not switch to ${baseUrl}: ${active.error.message}`);
}
