// The test projects stay apart (test/README.md): a project (unit, integration, e2e, packaging, the bench,
// the harness) imports its own folder, the shared rigs of test/support, the harness and the sources, never
// another project's folder. A rig two projects need moves to test/support.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsUnder, type ImportEdge } from './import-graph';

/** The folders of test/ that are test projects: each imports no other. */
const PROJECTS = ['unit', 'integration', 'e2e', 'packaging', 'bench', 'harness'];
/** The folder every project may import: rigs used by more than one project. */
const SHARED = 'support';

/** The folder of test/ a repo-relative file is in, or null for a file outside them (sources, test/ itself). */
function projectFolderOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'test' && parts.length > 2 ? parts[1]! : null;
}

/** Imports from one test project's folder (or test/support) into another project's folder, one line each. */
function crossProjectImports(edges: readonly ImportEdge[], projects: readonly string[] = PROJECTS): string[] {
  const found: string[] = [];
  for (const e of edges) {
    if (e.target === null) continue;
    const from = projectFolderOf(e.file);
    const to = projectFolderOf(e.target);
    if (from === null || to === null || from === to || to === 'harness' || !projects.includes(to)) continue;
    const rig = from === SHARED ? 'a shared rig' : `the ${from} project`;
    found.push(
      `${e.file} imports ${e.specifier}: ${rig} may not import the ${to} project (shared rigs go to test/support)`,
    );
  }
  return found;
}

/** The folders of test/ that hold anything (one emptied by a move may be left behind). */
const folders = readdirSync(path.join(ROOT, 'test'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(path.join(ROOT, 'test', entry.name)).length > 0)
  .map((entry) => entry.name);
const edges = importsUnder(
  ROOT,
  folders.map((folder) => `test/${folder}`),
);

describe('the test projects', () => {
  it('are every folder of test/, beside the shared rigs', () => {
    expect(folders.filter((folder) => folder !== SHARED && !PROJECTS.includes(folder))).toEqual([]);
  });

  it('are read whole', () => {
    expect(edges).toContainEqual({
      file: 'test/e2e/odd-records.test.ts',
      specifier: '../support/odd-customers',
      target: 'test/support/odd-customers.ts',
    });
  });

  it("import no other project's folder, and the shared rigs import none", () => {
    expect(crossProjectImports(edges)).toEqual([]);
  });
});

describe('the check', () => {
  const edge = (file: string, target: string): ImportEdge => ({ file, specifier: target, target });

  it.each([
    [edge('test/e2e/bulk-issue.test.ts', 'test/integration/bulk-issue/bulk-fixture.ts'), 'e2e project'],
    [edge('test/bench/ui.bench.ts', 'test/e2e/support.ts'), 'bench project'],
    [edge('test/unit/exports/read-csv.test.ts', 'test/integration/exports/read-csv.ts'), 'unit project'],
    [edge('test/harness/server.ts', 'test/e2e/support.ts'), 'harness project'],
    [edge('test/support/bulk-fixture.ts', 'test/integration/support/app-core.ts'), 'a shared rig'],
  ])('catches %o', (breach, who) => {
    const found = crossProjectImports([breach]);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(who);
  });

  it.each([
    edge('test/e2e/odd-records.test.ts', 'test/support/odd-customers.ts'),
    edge('test/e2e/support.ts', 'test/harness/server.ts'),
    edge('test/bench/ui.bench.ts', 'test/harness/server.ts'),
    edge('test/integration/cache/sync.test.ts', 'test/integration/cache/cache-fixture.ts'),
    edge('test/unit/layering.test.ts', 'test/unit/import-graph.ts'),
    edge('test/support/generated-customers.ts', 'test/support/cache-keys.ts'),
    edge('test/integration/api/faults.test.ts', 'src-main/api/client.ts'),
    edge('test/integration/api/faults.test.ts', 'test/sources-build-constants.ts'),
    { file: 'test/e2e/support.ts', specifier: 'playwright-core', target: null },
  ])('allows %o', (fine) => expect(crossProjectImports([fine])).toEqual([]));
});
