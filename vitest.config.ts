import { defineConfig } from 'vitest/config';

// Three projects, by what a test needs (test/README.md): `unit` nothing but Node, `integration` the local
// sandbox, SQLite files and the OS keychain, `e2e` the built renderer in a real Chromium.
const project = (name: string, execArgv: string[] = []) => ({
  extends: true as const,
  test: { name, include: [`test/${name}/**/*.test.ts`, `test/${name}/**/*.test.tsx`], execArgv },
});

export default defineConfig({
  test: {
    // --expose-gc is a launch flag, as it is for the app: release-memory.test.ts proves the collection.
    projects: [project('unit', ['--expose-gc']), project('integration'), project('e2e')],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: e2e files each drive their own Chromium; keep the machine responsive.
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
