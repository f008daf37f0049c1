// Values the build puts into the main bundle (electron.vite.config.ts, `cacheWorkerBundle`).
declare module 'card-desk:build/cache-worker-sha256' {
  /**
   * SHA-256 (hex) of out/main/cache-worker.js, the bytes the build wrote. Null only when main runs from
   * its sources under vitest (vitest.config.ts aliases the module), where no built worker exists.
   */
  export const CACHE_WORKER_SHA256: string | null;
}
