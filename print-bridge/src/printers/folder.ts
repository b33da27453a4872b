import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurable } from '../fs-atomic.ts';
import { describeSystemError, PrinterError } from './printer-error.ts';

/**
 * The folder "printer" (the default, for trying the bridge without hardware): each ticket as
 * `<name>.txt` (readable preview) then `<name>.bin` (the ESC/POS bytes, e.g. for
 * `cat x.bin > /dev/usb/lp0`). The name is fixed by the job, so a ticket written again after a
 * crash replaces its file instead of adding one; `.bin` comes last, so it means "complete".
 */
const where = (path: string) => `Cartella ${path}`;

export async function sendFolder(dir: string, name: string, bytes: Uint8Array, text: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await writeFileDurable(join(dir, `${name}.txt`), text);
    await writeFileDurable(join(dir, `${name}.bin`), bytes);
  } catch (err) {
    throw new PrinterError('FOLDER', describeSystemError(err, where(dir)));
  }
}

export async function probeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (err) {
    throw new PrinterError('FOLDER', describeSystemError(err, where(dir)));
  }
}
