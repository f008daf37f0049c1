// What the build puts into the main bundle, for main run from its sources under vitest: no built cache
// worker exists there, so there is no SHA-256 to check it against (src-main/shell/build-constants.d.ts).
export const CACHE_WORKER_SHA256: string | null = null;
export const ANSWER_WORKER_SHA256: string | null = null;
