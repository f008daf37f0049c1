import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Four projects, by what a test needs (test/README.md): `unit` nothing but Node (its shell and preload files
// run as `unit-electron`, below), `integration` the local sandbox, SQLite files and the OS keychain, `e2e` the
// built renderer in a real Chromium, `packaging` the built app packaged and started under a stand-in Electron
// (npm start, the unpacked package, its fuses).
const project = (name: string, extra: object = {}) => ({
  extends: true as const,
  test: { name, include: [`test/${name}/**/*.test.ts`, `test/${name}/**/*.test.tsx`], ...extra },
});

// E2E tests share an app per file, so each must set up what it needs: they run in a new order every run,
// which shows a test that leans on an earlier one. Vitest prints the seed ("Running tests with seed N");
// `E2E_SEED=N npm run test:e2e` repeats that order.
const e2eSeed = Number(process.env.E2E_SEED) || Date.now() % 1_000_000;

/** The unit tests that replace the `electron` module (`vi.mock`): each file in a worker of its own. */
const ELECTRON_MOCKED = ['test/unit/shell/*.test.ts', 'test/unit/preload/*.test.ts'];
/**
 * The integration tests that start a Kerberos realm of their own and point the process's Kerberos variables
 * (KRB5_CONFIG, KRB5CCNAME) at it: each file in a worker of its own, so no realm's settings or tickets can
 * be left in the Kerberos library for another file.
 */
const OWN_REALM = [
  'test/integration/network/proxy-sign-in.test.ts',
  'test/integration/network/proxy-tunnels.test.ts',
  'test/integration/team/team-windows-sign-in.test.ts',
];

export default defineConfig({
  resolve: {
    // The worker's SHA-256 that the build puts into main (electron.vite.config.ts); from sources there is none.
    alias: {
      'card-desk:build/cache-worker-sha256': fileURLToPath(
        new URL('./test/sources-build-constants.ts', import.meta.url),
      ),
      'card-desk:build/update-keys': fileURLToPath(new URL('./test/sources-update-keys.ts', import.meta.url)),
    },
  },
  test: {
    // A worker runs many files of the unit, integration and e2e projects one after another, on the modules
    // it has loaded already (`isolate: false`): loading playwright, axe and the main process again for every
    // file was a fifth of the suite's time. Every file starts what it tests (its own app core, sandbox,
    // database, browser) and ends it. Files that change what a process holds for good keep a worker of
    // their own per file: `unit-electron` and `integration-kerberos` (above).
    projects: [
      project('unit', { isolate: false, exclude: ELECTRON_MOCKED }),
      { extends: true as const, test: { name: 'unit-electron', include: ELECTRON_MOCKED } },
      project('integration', { isolate: false, exclude: OWN_REALM }),
      { extends: true as const, test: { name: 'integration-kerberos', include: OWN_REALM } },
      project('e2e', { isolate: false, sequence: { shuffle: true } }),
      project('packaging'),
    ],
    sequence: { seed: e2eSeed },
    pool: 'forks',
    // A folder for the PostgreSQL cluster the team tests set up once a run and copy (test/support/postgres.ts).
    globalSetup: ['test/support/postgres-templates.ts'],
    // Time limits far above the work, so a test passes on a loaded machine (CI beside other jobs, two CPU
    // hogs in test/under-load.sh): a limit only ends a test that would otherwise hang.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 30_000 } },
    // Two files at a time: on two cores a third made the run no faster (measured: the e2e files keep both
    // cores busy), and the keychain's D-Bus answers slowly under more load.
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
