// A small disk for the database, and a filler that makes it full: a tmpfs (we run as root here),
// else an ext4 image on a loop device, else no disk at all but SQLite's `max_page_count` on the
// server's own connection (which then has to run in this process). Each says which one it is.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type DiskKind = 'tmpfs' | 'loop' | 'max_page_count';

export interface SmallDisk {
  kind: DiskKind;
  /** Where the server's data folder goes (on the small disk, if there is one). */
  dataDir: string;
  /** Why this kind (the ones that were refused), for the test's output. */
  note: string;
  /** Fills the disk to the last byte with a filler file (a no-op for max_page_count). */
  fill(): number;
  /** Removes the filler. */
  free(): void;
  /** Unmounts and removes everything; safe to call twice and after a failure. */
  cleanup(): void;
  /** `df` and the files on the disk, for a failure message. */
  describe(): string;
}

function run(cmd: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return {
    ok: r.status === 0,
    out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`.trim(),
  };
}

/** Writes until ENOSPC, in smaller and smaller pieces, so not a page is left. Returns bytes written. */
function fillWith(file: string): number {
  const fd = openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x5a);
      for (;;) {
        try {
          written += writeSync(fd, chunk);
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'ENOSPC' || code === 'EDQUOT') break;
          throw err;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

function mountedDisk(kind: 'tmpfs' | 'loop', root: string, mountDir: string, note: string, image?: string) {
  const dataDir = join(mountDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const filler = join(mountDir, 'filler.bin');
  let mounted = true;
  const disk: SmallDisk = {
    kind,
    dataDir,
    note,
    fill: () => fillWith(filler),
    free: () => rmSync(filler, { force: true }),
    describe: () => `${run('df', ['-k', mountDir]).out}\n${run('ls', ['-la', mountDir, dataDir]).out}`,
    cleanup: () => {
      if (mounted) {
        // A server still holding files would make umount fail: lazy unmount detaches anyway.
        const r = run('umount', [mountDir]);
        if (!r.ok) run('umount', ['-l', mountDir]);
        mounted = false;
      }
      if (image) rmSync(image, { force: true });
      rmSync(root, { recursive: true, force: true });
    },
  };
  return disk;
}

/**
 * A disk of `sizeMb` for the database. `COMANDA_TEST_DISK=loop|max_page_count` forces a
 * fallback (to exercise it on a machine that allows the mount).
 */
export function makeSmallDisk(sizeMb: number): SmallDisk {
  const forced = process.env.COMANDA_TEST_DISK as DiskKind | undefined;
  const root = mkdtempSync(join(tmpdir(), 'comanda-disk-'));
  const mountDir = join(root, 'mnt');
  mkdirSync(mountDir);
  const refused: string[] = [];

  if (!forced || forced === 'tmpfs') {
    const r = run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', mountDir]);
    if (r.ok) return mountedDisk('tmpfs', root, mountDir, `tmpfs of ${sizeMb} MB at ${mountDir}`);
    refused.push(`tmpfs: ${r.out}`);
  }
  if (!forced || forced === 'tmpfs' || forced === 'loop') {
    const image = join(root, 'disk.img');
    const steps: Array<[string, string[]]> = [
      ['truncate', ['-s', `${sizeMb}M`, image]],
      ['mkfs.ext4', ['-q', '-F', '-m', '0', image]],
      ['mount', ['-o', 'loop', image, mountDir]],
    ];
    let failed: string | null = null;
    for (const [cmd, args] of steps) {
      const r = run(cmd, args);
      if (!r.ok) {
        failed = `${cmd}: ${r.out}`;
        break;
      }
    }
    if (!failed)
      return mountedDisk('loop', root, mountDir, `ext4 loop device of ${sizeMb} MB at ${mountDir}`, image);
    refused.push(`loop device: ${failed}`);
  }
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  return {
    kind: 'max_page_count',
    dataDir,
    note: `no small disk (${refused.join('; ') || 'forced'}): SQLite PRAGMA max_page_count on the server's connection instead`,
    fill: () => 0,
    free: () => undefined,
    describe: () => run('ls', ['-la', dataDir]).out,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
