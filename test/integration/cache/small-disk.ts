// A small filesystem of a test's own: a tmpfs mounted with a size, so a sync can fill it, and remounted
// larger to free space. Mounting needs root (or CAP_SYS_ADMIN); where it is not permitted the tests that
// need it are skipped and say why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  folder: string;
  /** Gives the filesystem this many bytes in all (frees space without touching its files). */
  resize(bytes: number): void;
  remove(): void;
}

const run = (args: string[]) => spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' });

/** Why a small filesystem cannot be mounted here, or null when it can. */
export function smallDiskUnavailable(): string | null {
  if (process.platform !== 'linux') return 'tmpfs mounts are a Linux feature';
  const probe = mkdtempSync(join(tmpdir(), 'card-desk-mount-probe-'));
  try {
    const r = run(['mount', '-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    if (r.status !== 0)
      return `mounting a tmpfs is not permitted here (${(r.stderr || r.error?.message || '').trim()})`;
    run(['umount', probe]);
    return null;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

export function mountSmallDisk(bytes: number): SmallDisk {
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-small-disk-'));
  const r = run(['mount', '-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', folder]);
  if (r.status !== 0) throw new Error(`could not mount a tmpfs: ${r.stderr}`);
  return {
    folder,
    resize(size) {
      const again = run(['mount', '-o', `remount,size=${size}`, folder]);
      if (again.status !== 0) throw new Error(`could not resize the tmpfs: ${again.stderr}`);
    },
    remove() {
      run(['umount', '-l', folder]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
