// The renderer's build, shared by electron-vite (`npm run build`) and a renderer-only build
// (`npm run build:renderer`, used while working on pages through the test harness).
// `npm run bundle:report` builds it once more into test-results/bundle/ with a treemap of what each chunk
// holds (test-results/bundle/report.html), outside the shipped files.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { META_CONTENT_SECURITY_POLICY } from './src-main/security/renderer-baseline';

const root = import.meta.dirname;

/** Puts the app's CSP into the built index.html (the dev server's inline preamble would break it). */
function cspMeta(): Plugin {
  return {
    name: 'card-desk-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export const rendererConfig = {
  root: resolve(root, 'src-renderer'),
  base: './',
  plugins: [react(), cspMeta()],
  build: {
    outDir: resolve(root, 'out/renderer'),
    emptyOutDir: true,
    // electron-vite leaves the renderer unminified unless told; the app ships it minified.
    minify: true,
    // No inline scripts or styles: the CSP allows only 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // Written in ASCII alone, as main's code is (electron.vite.config.ts): Chromium then holds the scripts
    // one byte a character.
    rolldownOptions: { input: resolve(root, 'src-renderer/index.html'), output: { charset: 'ascii' } },
  },
} satisfies UserConfig;

const REPORT_DIR = resolve(root, 'test-results/bundle');

export default defineConfig(({ mode }) =>
  mode === 'bundle-report'
    ? {
        ...rendererConfig,
        plugins: [
          ...rendererConfig.plugins,
          visualizer({ filename: resolve(REPORT_DIR, 'report.html'), template: 'treemap', gzipSize: true }),
        ],
        build: { ...rendererConfig.build, outDir: resolve(REPORT_DIR, 'renderer') },
      }
    : rendererConfig,
);
