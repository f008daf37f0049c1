// `npm test` builds first; this checks what electron-vite produced is what a sandboxed Electron app needs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { META_CONTENT_SECURITY_POLICY } from '../../src-main/security/policy';

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

  it("the renderer bundle has no eval, and its only Function constructor is zod's probe, which jitless skips", () => {
    const assets = path.join(out, 'renderer/assets');
    for (const f of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
      const js = readFileSync(path.join(assets, f), 'utf8');
      expect(js, f).not.toMatch(/\beval\(/);
      for (const m of js.matchAll(/new Function\(/g)) {
        // zod's allowsEval returns before the probe when jitless is set (src-renderer/zod-setup.ts).
        expect(js.slice(Math.max(0, m.index - 300), m.index), f).toMatch(/if \(globalConfig\.jitless\) return false;/);
      }
    }
  });
});
