import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;
const mainEntries: Record<string, string> = { index: resolve(root, 'src-main/index.ts') };
// The customer cache's writer runs in a worker thread of its own bundle.
if (existsSync(resolve(root, 'src-main/cache/worker.ts'))) mainEntries['cache-worker'] = resolve(root, 'src-main/cache/worker.ts');

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
  renderer: {
    root: resolve(root, 'src-renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // No inline scripts or styles: the CSP allows only 'self'.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: resolve(root, 'src-renderer/index.html') },
    },
  },
});
