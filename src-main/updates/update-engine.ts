// The port through which the update service reaches an updater: electron-updater in the app
// (electron-updater-engine.ts), driven against a real feed in the tests.
export interface UpdateEngine {
  /** Reads the feed: the version it offers when newer than this one, else null. Rejects when unreadable. */
  check(): Promise<string | null>;
  /**
   * Downloads what the last check offered and verifies its SHA-512 and its release signature; rejects on
   * any mismatch or failure (a file without a valid signature: UpdateSignatureError, and it is deleted).
   */
  download(): Promise<void>;
  /**
   * Installs the downloaded version (checked again first), then starts it again. Rejects when it was not
   * installed: UpdateSignatureError (the file changed; discarded), UpdateInstallError (the install step).
   */
  install(): Promise<void>;
}
