// The port through which the update service reaches an updater: electron-updater in the app
// (electron-updater-engine.ts), driven against a real feed in the tests.
export interface UpdateEngine {
  /** Reads the feed: the version it offers when newer than this one, else null. Rejects when unreadable. */
  check(): Promise<string | null>;
  /** Downloads what the last check offered and verifies its SHA-512; rejects on any mismatch or failure. */
  download(): Promise<void>;
  /** Quits and installs the downloaded version, then starts it again. */
  install(): void;
}
