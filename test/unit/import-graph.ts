// The import graph of the source tree as TypeScript reads it (type-only imports, re-exports and dynamic
// imports included), and the checks of layers.json on it: layer order, top-level folders, and cycles
// between files and between folders.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import layers from '../../layers.json';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TOP_FOLDERS = ['src-shared', 'src-main', 'src-preload', 'src-renderer'] as const;
export type Layers = Record<(typeof TOP_FOLDERS)[number], string[][]>;
export const LAYERS: Layers = layers;

/** One import: both ends repo-relative with forward slashes; `target` is null for packages. */
export interface ImportEdge {
  file: string;
  specifier: string;
  target: string | null;
}

const SOURCE = /\.(ts|tsx)$/;
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (SOURCE.test(name)) out.push(p);
  }
}

function resolveRelative(root: string, file: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    const abs = path.join(root, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  return base;
}

/** Every import of every .ts/.tsx file under `folders` of `root`. */
export function importsUnder(root: string, folders: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    const files: string[] = [];
    walk(path.join(root, folder), files);
    for (const abs of files) {
      const file = path.relative(root, abs).split(path.sep).join('/');
      const { importedFiles } = ts.preProcessFile(readFileSync(abs, 'utf8'), true, true);
      for (const { fileName: specifier } of importedFiles) {
        const target = specifier.startsWith('.') ? resolveRelative(root, file, specifier) : null;
        edges.push({ file, specifier, target });
      }
    }
  }
  return edges;
}

/** The unit of the folder graph: `src-main/api`, or the top-level folder itself for its own files. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Strongly connected groups of more than one node, or one node that imports itself (Tarjan). */
export function cycles(edges: readonly (readonly [string, string])[]): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || next.get(node)!.includes(node)) found.push(group.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** File-level import pairs between source files (packages and assets left out). */
export function fileEdges(edges: readonly ImportEdge[]): [string, string][] {
  return edges.filter((e) => e.target !== null && SOURCE.test(e.target)).map((e) => [e.file, e.target!]);
}

/** Folder-level import pairs (a folder importing itself is not a pair). */
export function folderEdges(edges: readonly ImportEdge[]): [string, string][] {
  const pairs = new Set<string>();
  for (const e of edges) {
    if (e.target === null) continue;
    const from = folderOf(e.file);
    const to = folderOf(e.target);
    if (from !== to) pairs.add(`${from}\n${to}`);
  }
  return [...pairs].map((p) => p.split('\n') as [string, string]);
}

/** The second-level folders on disk that layers.json does not place. */
export function unplacedFolders(root: string, layerTable: Layers = LAYERS): string[] {
  const missing: string[] = [];
  for (const top of TOP_FOLDERS) {
    const placed = new Set(layerTable[top].flat());
    for (const entry of readdirSync(path.join(root, top), { withFileTypes: true })) {
      if (entry.isDirectory() && !placed.has(entry.name)) missing.push(`${top}/${entry.name}`);
    }
  }
  return missing;
}

/** Imports that go against layers.json, one readable line each. */
export function layerBreaches(edges: readonly ImportEdge[], layerTable: Layers = LAYERS): string[] {
  const rank = new Map<string, number>();
  for (const top of TOP_FOLDERS) {
    layerTable[top].forEach((layer, i) => layer.forEach((folder) => rank.set(`${top}/${folder}`, i)));
  }
  const breaches: string[] = [];
  for (const e of edges) {
    if (e.target === null) continue;
    const say = (why: string) => breaches.push(`${e.file} imports ${e.specifier}: ${why}`);
    const [fromTop] = e.file.split('/');
    const [toTop] = e.target.split('/');
    if (fromTop !== toTop) {
      if (toTop !== 'src-shared' || fromTop === 'src-shared') say(`${fromTop} may import only src-shared`);
      continue;
    }
    const from = folderOf(e.file);
    const to = folderOf(e.target);
    if (from === to) continue;
    if (!rank.has(from)) continue; // the top-level folder's own files: the entry, above every layer
    if (!rank.has(to)) {
      say(to === fromTop ? `${e.target} is an entry point` : `${to} has no layer in layers.json`);
    } else if (rank.get(to)! >= rank.get(from)!) {
      say(`${to} is not in a lower layer than ${from} (layers.json)`);
    }
  }
  return breaches;
}
