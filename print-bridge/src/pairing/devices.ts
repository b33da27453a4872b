import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileDurable } from '../fs-atomic.ts';

/**
 * The devices paired with this bridge, in `<dataDir>/paired-devices.json`: a label, the date, and
 * the SHA-256 of the device's token, never the token itself (a copy of the file prints nothing).
 * The token is 32 random bytes, so a plain hash is as good as a slow one here.
 */
export const DEVICES_FILE = 'paired-devices.json';

export interface PairedDevice {
  id: string;
  label: string;
  pairedAt: string;
}

const StoredDevice = z.object({
  id: z.string().regex(/^[a-f0-9]{8,32}$/),
  label: z.string().max(200),
  pairedAt: z.string(),
  tokenHash: z.string().regex(/^[a-f0-9]{64}$/),
});
type StoredDevice = z.infer<typeof StoredDevice>;
const DevicesFile = z.object({ devices: z.array(StoredDevice) });

export class DevicesFileError extends Error {
  override name = 'DevicesFileError';
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class DeviceStore {
  private readonly byHash = new Map<string, StoredDevice>();
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    devices: StoredDevice[],
  ) {
    for (const device of devices) this.byHash.set(device.tokenHash, device);
  }

  /** Reads the file (none yet: no device). A damaged file stops the bridge with what to do. */
  static async open(dataDir: string): Promise<DeviceStore> {
    const path = join(dataDir, DEVICES_FILE);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new DeviceStore(path, []);
      throw err;
    }
    let parsed: z.infer<typeof DevicesFile>;
    try {
      parsed = DevicesFile.parse(JSON.parse(text));
    } catch (err) {
      throw new DevicesFileError(
        `${path}: not a list of paired devices (${(err as Error).message.split('\n')[0]}); ` +
          'remove it and pair the tablets again',
      );
    }
    return new DeviceStore(path, parsed.devices);
  }

  list(): PairedDevice[] {
    return [...this.byHash.values()].map(({ id, label, pairedAt }) => ({ id, label, pairedAt }));
  }

  has(id: string): boolean {
    return this.list().some((d) => d.id === id);
  }

  /** The device a token belongs to, or null. */
  verify(token: string | null | undefined): PairedDevice | null {
    if (typeof token !== 'string' || token === '') return null;
    const device = this.byHash.get(hashToken(token));
    return device ? { id: device.id, label: device.label, pairedAt: device.pairedAt } : null;
  }

  /** A new device: its token is returned once and only its hash is kept. */
  async add(label: string, now = new Date()): Promise<{ device: PairedDevice; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const stored: StoredDevice = {
      id: randomBytes(4).toString('hex'),
      label,
      pairedAt: now.toISOString(),
      tokenHash: hashToken(token),
    };
    this.byHash.set(stored.tokenHash, stored);
    try {
      await this.save();
    } catch (err) {
      this.byHash.delete(stored.tokenHash);
      throw err;
    }
    return { device: { id: stored.id, label, pairedAt: stored.pairedAt }, token };
  }

  /** Forgets a device: its token prints no more. False if no such device. */
  async revoke(id: string): Promise<boolean> {
    const found = [...this.byHash.values()].find((d) => d.id === id);
    if (!found) return false;
    this.byHash.delete(found.tokenHash);
    await this.save();
    return true;
  }

  /** One write at a time, each the whole list, durably (readable by the bridge's user only). */
  private save(): Promise<void> {
    const text = `${JSON.stringify({ devices: [...this.byHash.values()] }, null, 2)}\n`;
    const next = this.writing.then(async () => {
      await mkdir(join(this.path, '..'), { recursive: true });
      await writeFileDurable(this.path, text, 0o600);
    });
    this.writing = next.catch(() => {});
    return next;
  }
}
