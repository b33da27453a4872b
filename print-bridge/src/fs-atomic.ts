import { open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Durable file writes: the content is written to a temporary name, flushed to the disk, renamed
 * over the target (atomic on POSIX), and the folder is flushed so the rename itself survives a
 * power cut. A reader sees the old file or the new one, never half of one.
 */
export async function writeFileDurable(path: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
  await syncDir(dirname(path));
}

/** Flushes a folder's entries (new names, renames). */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (err) {
    // Some file systems cannot flush a folder; the data itself was flushed already.
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
  } finally {
    await handle.close();
  }
}

/**
 * Several new files of one folder, durably, in one go: each is written and flushed to a
 * temporary name at the same time (the disk merges the flushes), then renamed, then the folder
 * is flushed once. A burst of print jobs costs about one flush instead of two per job.
 */
export async function writeFilesDurable(
  dir: string,
  files: ReadonlyArray<{ name: string; data: string }>,
): Promise<void> {
  const temps = files.map((f) => `${join(dir, f.name)}.${process.pid}.tmp`);
  try {
    await Promise.all(
      files.map(async (file, i) => {
        const handle = await open(temps[i] as string, 'w', 0o644);
        try {
          await handle.writeFile(file.data);
          await handle.sync();
        } finally {
          await handle.close();
        }
      }),
    );
    for (const [i, file] of files.entries()) await rename(temps[i] as string, join(dir, file.name));
  } catch (err) {
    await Promise.all(temps.map((temp) => unlink(temp).catch(() => {})));
    throw err;
  }
  await syncDir(dir);
}
