import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type BuildOptions, build as esbuild } from 'esbuild';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { rendererConfig } from './renderer.vite.config';

const root = import.meta.dirname;

/** `debug` (used by the proxy agents) is replaced by a silent stand-in: see src-main/api/silent-debug.ts. */
const SILENT_DEBUG = { debug: resolve(root, 'src-main/api/silent-debug.ts') };

/**
 * How main-process code that runs outside app.asar is bundled: one self-contained ES module file (no shared
 * chunk, no node_modules). The customer cache's writer runs in a worker thread, and the packaged app ships
 * it unpacked beside app.asar, where a worker thread can load it; see src-main/cache/threads/worker-location.ts.
 * The cache benchmark builds its stand-in for the main process the same way (test/bench/cache.bench.ts).
 */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  legalComments: 'none',
  logLevel: 'warning',
  alias: SILENT_DEBUG,
  // The proxy's Kerberos sign-in is a native module, loaded by main only (src-main/api/negotiate-kerberos.ts):
  // a worker asks main for it (src-main/api/proxy-sign-in-bridge.ts) and never loads it.
  external: ['kerberos'],
} as const satisfies BuildOptions;

/**
 * A bundle's text in ASCII alone. esbuild escapes what it writes of strings, names and patterns, but keeps
 * comments as they were, and one character past Latin-1 there makes V8 hold the whole source in two bytes a
 * character (and Node in memory of its own, outside V8's heap): 2 MB for each thread that loads the cache
 * worker, where ASCII takes half and stays in V8's heap. Escaped as \uXXXX, which reads the same in a
 * comment, a string or a name (docs/benchmarks.md: main's memory after a sync).
 */
export function asciiOnly(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One entry point bundled as main-process code outside app.asar is (NODE_BUNDLE), its text in ASCII (asciiOnly). */
export async function bundleInAscii(entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>): Promise<string> {
  const result = await esbuild({ ...NODE_BUNDLE, ...entry, write: false, outdir: 'out' });
  return asciiOnly(result.outputFiles[0]!.text);
}

/** The cache worker's entry point. */
export const CACHE_WORKER_ENTRY = resolve(root, 'src-main/cache/threads/worker.ts');
/** The answer reader's entry point (large answers parsed off main's thread: src-main/api/answer-reader.ts). */
export const ANSWER_WORKER_ENTRY = resolve(root, 'src-main/api/answer-thread.ts');
/** The keychain host's entry point (a utility process on Linux: src-main/keychain/hosted-secret-store.ts). */
export const KEYCHAIN_HOST_ENTRY = resolve(root, 'src-main/keychain/keychain-host.ts');

/** The module through which the main bundle learns the workers' SHA-256 (src-main/shell/build-constants.d.ts). */
const WORKER_HASH_MODULE = 'card-desk:build/cache-worker-sha256';

/** The worker threads main starts: each bundled to `file` beside the main bundle, its SHA-256 as `constant`. */
const WORKERS = [
  { entry: CACHE_WORKER_ENTRY, file: 'cache-worker.js', constant: 'CACHE_WORKER_SHA256' },
  { entry: ANSWER_WORKER_ENTRY, file: 'answer-worker.js', constant: 'ANSWER_WORKER_SHA256' },
] as const;

/**
 * Bundles each worker thread (the cache worker, the answer reader) into out/main/ and builds its SHA-256
 * into the main bundle, which checks the file before starting the worker (src-main/shell/worker-integrity.ts).
 * Each worker is bundled in memory first, so the bytes hashed are the bytes written.
 */
function cacheWorkerBundle(): Plugin {
  const built = new Map<string, Uint8Array>();
  return {
    name: 'card-desk:cache-worker',
    async buildStart() {
      for (const { entry, file } of WORKERS) {
        built.set(file, new TextEncoder().encode(await bundleInAscii({ entryPoints: [entry] })));
      }
    },
    resolveId(id) {
      return id === WORKER_HASH_MODULE ? `\0${WORKER_HASH_MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${WORKER_HASH_MODULE}`) return null;
      return WORKERS.map(({ file, constant }) => {
        const sha256 = createHash('sha256').update(built.get(file)!).digest('hex');
        return `export const ${constant} = ${JSON.stringify(sha256)};`;
      }).join('\n');
    },
    generateBundle() {
      for (const { file } of WORKERS) this.emitFile({ type: 'asset', fileName: file, source: built.get(file)! });
    },
    async closeBundle() {
      // keytar stays outside: it is the app's one native module, loaded from node_modules as main loads it.
      await esbuild({
        ...NODE_BUNDLE,
        entryPoints: [KEYCHAIN_HOST_ENTRY],
        outfile: resolve(root, 'out/main/keychain-host.js'),
        external: ['keytar'],
      });
    },
  };
}

/** The module through which main learns the update keys a release must be signed with (build-constants.d.ts). */
const UPDATE_KEYS_MODULE = 'card-desk:build/update-keys';
/** The public keys: every `*.pem` of build/update-keys (the current key and the next). */
export const UPDATE_KEYS_DIR = resolve(root, 'build/update-keys');

/** Builds the update keys into the main bundle (covered by app.asar's integrity check, not a file beside it). */
function updateKeysModule(): Plugin {
  return {
    name: 'card-desk:update-keys',
    resolveId(id) {
      return id === UPDATE_KEYS_MODULE ? `\0${UPDATE_KEYS_MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${UPDATE_KEYS_MODULE}`) return null;
      const names = readdirSync(UPDATE_KEYS_DIR)
        .filter((name) => name.endsWith('.pem'))
        .sort();
      if (names.length === 0) this.error(`${UPDATE_KEYS_DIR} holds no update key (*.pem)`);
      const pems = names.map((name) => readFileSync(resolve(UPDATE_KEYS_DIR, name), 'utf8'));
      for (const name of names) this.addWatchFile(resolve(UPDATE_KEYS_DIR, name));
      return `export const UPDATE_PUBLIC_KEYS = ${JSON.stringify(pems)};`;
    },
  };
}

export default defineConfig({
  main: {
    plugins: [cacheWorkerBundle(), updateKeysModule()],
    resolve: { alias: SILENT_DEBUG },
    build: {
      outDir: 'out/main',
      lib: { entry: { index: resolve(root, 'src-main/index.ts') }, formats: ['es'] },
      // Only package.json's `dependencies` stay outside the bundle: the native keytar module. Everything
      // else main uses is bundled, so the packaged app carries no other node_modules.
      externalizeDeps: true,
      // Written in ASCII alone, as the workers are (asciiOnly above): strings escaped by rolldown itself,
      // which knows a tagged template's raw text from a string, and no JSDoc comments, which it would keep
      // as written. Main's V8 then holds its source one byte a character.
      rolldownOptions: { output: { charset: 'ascii', comments: { legal: true, annotation: true, jsdoc: false } } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ES modules or node_modules: one self-contained CommonJS file.
      lib: { entry: resolve(root, 'src-preload/index.ts'), formats: ['cjs'] },
      externalizeDeps: false,
      rolldownOptions: { output: { entryFileNames: '[name].cjs' } },
    },
  },
  renderer: rendererConfig,
});
