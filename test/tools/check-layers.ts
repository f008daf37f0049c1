// `npm run lint`: the layering rules of the five top-level folders (VS Code's common/node/electron-main
// split). Printed as one line per breach; exits 1 when there is any.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsUnder, type ImportEdge } from './imports';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NODE_BUILTINS =
  /^(node:|fs$|fs\/|path$|os$|crypto$|http$|https$|url$|util$|child_process$|worker_threads$|stream$|events$|net$|tls$|zlib$|buffer$)/;

export function electronAllowed(file: string): boolean {
  return file === 'src-main/index.ts' || file.startsWith('src-main/shell/') || file === 'src-preload/index.ts';
}

export function layerBreaches(edges: ImportEdge[]): string[] {
  const breaches: string[] = [];
  for (const e of edges) {
    const top = e.file.split('/')[0]!;
    const targetTop = e.target?.split('/')[0];
    const say = (why: string) => breaches.push(`${e.file}: imports '${e.specifier}' — ${why}`);
    if ((e.specifier === 'electron' || e.specifier.startsWith('electron/')) && !electronAllowed(e.file)) {
      say('only src-main/index.ts, src-main/shell/ and the preload entry may import electron');
    }
    if (top === 'src-shared') {
      if (targetTop && targetTop !== 'src-shared') say('src-shared imports nothing of the other folders');
      if (NODE_BUILTINS.test(e.specifier) || /^(react|react-dom|electron)(\/|$)/.test(e.specifier))
        say('src-shared stays pure: no node, DOM, react or electron');
    }
    if (top === 'src-renderer') {
      if (targetTop === 'src-main' || targetTop === 'src-preload')
        say('the renderer talks to main only through window.cardDesk');
      if (NODE_BUILTINS.test(e.specifier)) say('the renderer cannot use node modules');
    }
    if (top === 'src-preload' && targetTop && targetTop !== 'src-shared' && targetTop !== 'src-preload')
      say('the preload may import only src-shared');
    if (top === 'src-main' && (targetTop === 'src-renderer' || targetTop === 'src-preload'))
      say('main does not import the renderer or preload');
  }
  return breaches;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const breaches = layerBreaches(importsUnder(ROOT, ['src-main', 'src-preload', 'src-renderer', 'src-shared']));
  for (const b of breaches) console.log(b);
  console.log(breaches.length ? `${breaches.length} layering breaches` : 'layering: ok');
  process.exit(breaches.length ? 1 : 0);
}
