// Values the build puts into the main bundle (electron.vite.config.ts, `cacheWorkerBundle`).
declare module 'card-desk:build/cache-worker-sha256' {
  /**
   * SHA-256 (hex) of out/main/cache-worker.js, the bytes the build wrote. Null only when main runs from
   * its sources under vitest (vitest.config.ts aliases the module), where no built worker exists.
   */
  export const CACHE_WORKER_SHA256: string | null;
  /** SHA-256 (hex) of out/main/answer-worker.js (the answer reader); null as above. */
  export const ANSWER_WORKER_SHA256: string | null;
}

declare module 'card-desk:build/update-keys' {
  /**
   * The public keys (Ed25519, SPKI PEM) a release must be signed with: every `*.pem` of build/update-keys
   * at build time (the current key and the next, for rotation). Under vitest, the same folder read from
   * the sources (test/sources-update-keys.ts).
   */
  export const UPDATE_PUBLIC_KEYS: readonly string[];
}
