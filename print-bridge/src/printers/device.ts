import { constants } from 'node:fs';
import { access, open } from 'node:fs/promises';
import { describeSystemError, PrinterError } from './printer-error.ts';

/**
 * A printer seen as a device file (USB `/dev/usb/lp0`, serial, parallel). Opened without
 * O_CREAT, so an unplugged printer is an error instead of a regular file appearing in /dev.
 */
export const DEVICE_TIMEOUT_MS = 30_000;

const where = (path: string) => `Dispositivo ${path}`;

export async function sendDevice(
  path: string,
  bytes: Uint8Array,
  timeoutMs = DEVICE_TIMEOUT_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // A printer out of paper can block a write; the thread stays blocked, the queue does not.
    timer = setTimeout(() => reject(new PrinterError('TIMEOUT', `${where(path)}: tempo scaduto`)), timeoutMs);
  });
  const write = async () => {
    const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_NOCTTY);
    try {
      await handle.write(bytes);
      try {
        await handle.sync();
      } catch (err) {
        // Character devices cannot be flushed like files: the write itself went to the driver.
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EROFS') throw err;
      }
    } finally {
      await handle.close();
    }
  };
  try {
    await Promise.race([write(), timeout]);
  } catch (err) {
    if (err instanceof PrinterError) throw err;
    throw new PrinterError('DEVICE', describeSystemError(err, where(path)));
  } finally {
    clearTimeout(timer);
  }
}

export async function probeDevice(path: string): Promise<void> {
  try {
    await access(path, constants.W_OK);
  } catch (err) {
    throw new PrinterError('DEVICE', describeSystemError(err, where(path)));
  }
}
