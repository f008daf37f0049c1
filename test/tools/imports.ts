// Reads the import specifiers of every source file, for the layering rules.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  file: string; // repo-relative, forward slashes
  specifier: string;
  /** Repo-relative target for relative imports, else null. */
  target: string | null;
}

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const IMPORT =
  /(?:^|[^.\w])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^.\w])import\s*['"]([^'"]+)['"]|(?:^|[^.\w])(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (SOURCE.test(name)) out.push(p);
  }
}

export function importsUnder(root: string, folders: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    const files: string[] = [];
    walk(path.join(root, folder), files);
    for (const abs of files) {
      const file = path.relative(root, abs).split(path.sep).join('/');
      const text = readFileSync(abs, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const m of text.matchAll(IMPORT)) {
        const specifier = (m[1] ?? m[2] ?? m[3])!;
        const target = specifier.startsWith('.')
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
          : null;
        edges.push({ file, specifier, target });
      }
    }
  }
  return edges;
}
