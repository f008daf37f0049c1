import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './renderer.vite.config';

const root = import.meta.dirname;
const mainEntries: Record<string, string> = { index: resolve(root, 'src-main/index.ts') };
// The customer cache's writer runs in a worker thread of its own bundle.
if (existsSync(resolve(root, 'src-main/cache/worker.ts')))
  mainEntries['cache-worker'] = resolve(root, 'src-main/cache/worker.ts');

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: mainEntries, formats: ['es'] },
      externalizeDeps: true,
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ES modules or node_modules: one self-contained CommonJS file.
      lib: { entry: resolve(root, 'src-preload/index.ts'), formats: ['cjs'] },
      externalizeDeps: false,
      rolldownOptions: { output: { entryFileNames: '[name].cjs' } },
    },
  },
  renderer: rendererConfig,
});
