import { describe, expect, it } from 'vitest';
import { ROOT, layerBreaches } from '../tools/check-layers';
import { importsUnder } from '../tools/imports';

describe('layering', () => {
  it('holds across the source tree', () => {
    const edges = importsUnder(ROOT, ['src-main', 'src-preload', 'src-renderer', 'src-shared']);
    expect(edges.length).toBeGreaterThan(50);
    expect(layerBreaches(edges)).toEqual([]);
  });

  it.each([
    [{ file: 'src-main/api/client.ts', specifier: 'electron', target: null }, 'electron'],
    [{ file: 'src-shared/ipc/contract.ts', specifier: 'node:fs', target: null }, 'pure'],
    [{ file: 'src-shared/ipc/contract.ts', specifier: 'react', target: null }, 'pure'],
    [{ file: 'src-shared/x.ts', specifier: '../src-main/api/client', target: 'src-main/api/client' }, 'other folders'],
    [
      { file: 'src-renderer/app/App.tsx', specifier: '../../src-main/core/app-core', target: 'src-main/core/app-core' },
      'window.cardDesk',
    ],
    [{ file: 'src-renderer/app/App.tsx', specifier: 'node:path', target: null }, 'node modules'],
    [
      { file: 'src-preload/bridge.ts', specifier: '../src-main/ipc/register', target: 'src-main/ipc/register' },
      'only src-shared',
    ],
  ])('catches %o', (edge, why) => {
    const breaches = layerBreaches([edge]);
    expect(breaches).toHaveLength(1);
    expect(breaches[0]).toContain(why);
  });

  it.each([
    { file: 'src-main/shell/window.ts', specifier: 'electron', target: null },
    { file: 'src-main/index.ts', specifier: 'electron', target: null },
    { file: 'src-preload/index.ts', specifier: 'electron', target: null },
    { file: 'src-renderer/app/App.tsx', specifier: '../../src-shared/ipc/contract', target: 'src-shared/ipc/contract' },
  ])('allows %o', (edge) => expect(layerBreaches([edge])).toEqual([]));
});
