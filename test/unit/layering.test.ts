// The layers of layers.json hold in the source as TypeScript reads it, type-only imports included: no
// import cycle between files, none between folders, every folder placed in a layer.
import { describe, expect, it } from 'vitest';
import {
  ROOT,
  TOP_FOLDERS,
  cycles,
  fileEdges,
  folderEdges,
  importsUnder,
  layerBreaches,
  unplacedFolders,
  type ImportEdge,
  type Layers,
} from './import-graph';

const edges = importsUnder(ROOT, TOP_FOLDERS);

describe('the source tree', () => {
  it('is read whole, type-only imports included', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({
      file: 'src-main/api/client.ts',
      specifier: '../ports/ports',
      target: 'src-main/ports/ports.ts',
    });
  });

  it('places every second-level folder in a layer', () => {
    expect(unplacedFolders(ROOT)).toEqual([]);
  });

  it('imports only downwards', () => {
    expect(layerBreaches(edges)).toEqual([]);
  });

  it('keeps pages independent of each other (what two pages share lives in components/ or writes/)', () => {
    const pageOf = (file: string | null) => (file ? /^src-renderer\/pages\/([^/]+)\//.exec(file)?.[1] : undefined);
    const sideways = edges.filter((e) => pageOf(e.file) && pageOf(e.target) && pageOf(e.file) !== pageOf(e.target));
    expect(edges.some((e) => pageOf(e.file))).toBe(true);
    expect(sideways).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(cycles(fileEdges(edges))).toEqual([]);
  });

  it('has no import cycle between folders', () => {
    expect(cycles(folderEdges(edges))).toEqual([]);
  });
});

describe('the tests and their rigs', () => {
  // The lint has no cycle rule of its own: this is the one check of rings, for the tests as for the source.
  const testEdges = importsUnder(ROOT, ['test']);

  it('are read whole', () => {
    expect(testEdges).toContainEqual({
      file: 'test/unit/layering.test.ts',
      specifier: './import-graph',
      target: 'test/unit/import-graph.ts',
    });
  });

  it('have no import cycle between files', () => {
    expect(cycles(fileEdges(testEdges))).toEqual([]);
  });
});

describe('the checks', () => {
  const table: Layers = {
    'src-shared': [['api'], ['ipc']],
    'src-main': [['ports'], ['api', 'cache'], ['core']],
    'src-preload': [],
    'src-renderer': [['lib'], ['pages'], ['app']],
  };
  const edge = (file: string, target: string): ImportEdge => ({ file, specifier: target, target });

  it('find a ring of files, type-only imports being edges like any other', () => {
    const ring = [edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')];
    expect(cycles(fileEdges(ring))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cycles(fileEdges([edge('a.ts', 'a.ts')]))).toEqual([['a.ts']]);
    expect(cycles(fileEdges(ring.slice(0, 2)))).toEqual([]);
  });

  it('find a ring of folders made of files that form no ring', () => {
    const ring = [
      edge('src-main/api/client.ts', 'src-main/environments/keys.ts'),
      edge('src-main/environments/manager.ts', 'src-main/api/types.ts'),
    ];
    expect(cycles(fileEdges(ring))).toEqual([]);
    expect(cycles(folderEdges(ring))).toEqual([['src-main/api', 'src-main/environments']]);
  });

  it.each([
    [edge('src-main/api/client.ts', 'src-main/core/app-core.ts'), 'not in a lower layer'],
    [edge('src-main/api/client.ts', 'src-main/cache/store.ts'), 'not in a lower layer'],
    [edge('src-main/api/client.ts', 'src-main/index.ts'), 'entry point'],
    [edge('src-main/api/client.ts', 'src-main/newcomer/x.ts'), 'no layer'],
    [edge('src-renderer/pages/a.tsx', 'src-renderer/app/App.tsx'), 'not in a lower layer'],
    [edge('src-shared/api/a.ts', 'src-shared/ipc/b.ts'), 'not in a lower layer'],
    [edge('src-renderer/app/App.tsx', 'src-main/core/app-core.ts'), 'only src-shared'],
    [edge('src-shared/ipc/a.ts', 'src-main/ports/ports.ts'), 'only src-shared'],
    [edge('src-preload/bridge.ts', 'src-main/ipc/register.ts'), 'only src-shared'],
  ])('catch %o', (breach, why) => {
    const found = layerBreaches([breach], table);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(why);
  });

  it.each([
    edge('src-main/core/app-core.ts', 'src-main/api/client.ts'),
    edge('src-main/api/client.ts', 'src-main/api/types.ts'),
    edge('src-main/index.ts', 'src-main/core/app-core.ts'),
    edge('src-renderer/app/App.tsx', 'src-renderer/lib/routes.ts'),
    edge('src-renderer/pages/a.tsx', 'src-shared/ipc/contract.ts'),
    { file: 'src-main/api/client.ts', specifier: 'node:http', target: null },
  ])('allow %o', (fine) => expect(layerBreaches([fine], table)).toEqual([]));
});
