// `npm test` builds first; this checks what electron-vite produced is what a sandboxed Electron app needs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { META_CONTENT_SECURITY_POLICY } from '../../src-main/security/renderer-baseline';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../out');

describe('build output', () => {
  it('has main, preload and renderer', () => {
    expect(existsSync(path.join(out, 'main/index.js'))).toBe(true);
    expect(existsSync(path.join(out, 'preload/index.cjs'))).toBe(true);
    expect(existsSync(path.join(out, 'renderer/index.html'))).toBe(true);
  });

  it('the preload is one CommonJS file that requires only electron (a sandboxed preload cannot load more)', () => {
    const preload = readFileSync(path.join(out, 'preload/index.cjs'), 'utf8');
    const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('the page has the CSP meta, no inline script and no remote resource', () => {
    const html = readFileSync(path.join(out, 'renderer/index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
    expect(meta?.[1]?.replaceAll('&#39;', "'")).toBe(META_CONTENT_SECURITY_POLICY);
    for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(script[1]).toMatch(/src="\.\//);
      expect(script[2]!.trim()).toBe('');
    }
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('the renderer bundle has no eval, and its only Function constructors are guarded probes that never run', () => {
    for (const [f, js] of rendererChunks()) {
      expect(js, f).not.toMatch(/\beval\(/);
      for (const m of js.matchAll(/\bFunction\(/g)) {
        const before = js.slice(Math.max(0, m.index - 300), m.index);
        // zod's allowsEval returns before the probe when jitless is set (src-renderer/zod-setup.ts);
        // decimal.js (in the charts) reaches for the global object this way only where `self` is missing.
        const zodProbe =
          /if\s*\(\s*[\w$]+\.jitless\b.{0,120}\)\s*return\s*(false|!1)\s*;\s*try\s*\{\s*return\s*(new\s+)?$/.test(
            before,
          );
        const globalFallback = /self\s*:\s*$/.test(before) && js.startsWith('Function(`return this`)', m.index);
        expect(zodProbe || globalFallback, `${f}: ${js.slice(m.index - 120, m.index + 40)}`).toBe(true);
      }
    }
  });

  it('the renderer ships minified, no JS file over 600 kB', () => {
    for (const [f, js] of rendererChunks()) {
      expect(js.length, f).toBeLessThanOrEqual(600 * 1024);
      if (js.length < 10_000) continue;
      // Unminified code runs about 40 characters a line; minified, thousands.
      const lines = js.split('\n').length;
      expect(js.length / lines, `${f}: ${lines} lines`).toBeGreaterThan(1000);
    }
  });

  it('the chart library is not in what the window loads first, only in a chunk Overview imports when shown', () => {
    const chunks = rendererChunks();
    const html = readFileSync(path.join(out, 'renderer/index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    // Everything the entry chunk imports statically (a dynamic `import("./x.js")` is loaded only when called).
    const loadedFirst = new Set<string>();
    const visit = (f: string) => {
      if (loadedFirst.has(f)) return;
      loadedFirst.add(f);
      for (const m of chunks.get(f)!.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]!);
    };
    visit(entry!);
    const isCharts = (js: string) => js.includes('recharts-');
    const chartChunks = [...chunks].filter(([, js]) => isCharts(js)).map(([f]) => f);
    expect(chartChunks.length).toBeGreaterThan(0);
    for (const f of loadedFirst) expect(isCharts(chunks.get(f)!), f).toBe(false);
    for (const chart of chartChunks) {
      const importers = [...chunks].filter(([, js]) => js.includes(chart)).map(([f]) => f);
      expect(importers.length, chart).toBeGreaterThan(0);
      for (const f of importers) expect(f).toMatch(/^Overview/);
    }
  });
});

/** Every JS file of the built renderer, by file name. */
function rendererChunks(): Map<string, string> {
  const assets = path.join(out, 'renderer/assets');
  const names = readdirSync(assets).filter((n) => n.endsWith('.js'));
  return new Map(names.map((n) => [n, readFileSync(path.join(assets, n), 'utf8')]));
}
