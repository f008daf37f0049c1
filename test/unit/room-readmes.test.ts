// Every room of src-main and of src-renderer/pages has a README that names its files: a file directly in the
// room by its name, a file in a folder of the room by its name or by that folder named whole (`sources/`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph';

const HOUSES = ['src-main', 'src-renderer/pages'];
const SOURCE = /\.(ts|tsx|css)$/;

function rooms(house: string): string[] {
  return readdirSync(path.join(ROOT, house), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${house}/${e.name}`);
}

/** The room's source files, as paths inside the room (`sync/resync.ts`). */
function filesOf(room: string, under = ''): string[] {
  return readdirSync(path.join(ROOT, room, under), { withFileTypes: true }).flatMap((e) => {
    const inside = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory()) return filesOf(room, inside);
    return SOURCE.test(e.name) ? [inside] : [];
  });
}

/** The files a README leaves unnamed. */
function unnamedFiles(readme: string, files: readonly string[]): string[] {
  return files.filter((file) => {
    if (readme.includes(path.basename(file))) return false;
    const folder = path.dirname(file);
    return folder === '.' || !readme.includes(`${folder}/`);
  });
}

describe('the rooms and their READMEs', () => {
  const all = HOUSES.flatMap(rooms);

  it('reads every room of src-main and of the pages', () => {
    expect(all).toContain('src-main/cache');
    expect(all).toContain('src-renderer/pages/settings');
    expect(all.length).toBeGreaterThan(30);
  });

  it('finds a file left out, and a folder named whole', () => {
    const readme = '`journal.ts` and `sources/` (one file per list)';
    expect(unnamedFiles(readme, ['journal.ts', 'journal-file.ts', 'sources/cards.ts'])).toEqual(['journal-file.ts']);
    expect(unnamedFiles('`journal.ts`', ['sources/cards.ts'])).toEqual(['sources/cards.ts']);
  });

  it.each(all)('%s has a README naming its files', (room) => {
    const readmePath = path.join(ROOT, room, 'README.md');
    expect(existsSync(readmePath), `${room} has no README.md`).toBe(true);
    const readme = readFileSync(readmePath, 'utf8');
    expect(unnamedFiles(readme, filesOf(room)), `${room}/README.md does not name these files`).toEqual([]);
  });
});
