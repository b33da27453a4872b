import type { BridgeConfig } from '../config.ts';
import type { PairingCode } from '../pairing/codes.ts';
import { DeviceStore, type PairedDevice } from '../pairing/devices.ts';
import { AdminDenied, adminRequest, BridgeNotRunning } from './socket.ts';

/**
 * `npm run print-bridge -- <command>`, run on the box next to the running bridge:
 * - `pair [--print]`: a new pairing code (and on paper, on the receipt printer, with --print);
 * - `devices`: the paired devices;
 * - `revoke <id>`: forgets a device, whose token then prints nothing.
 * They talk to the running bridge through its admin socket; `devices` and `revoke` also work
 * on the data folder while it is stopped.
 */
export const COMMANDS = ['pair', 'devices', 'revoke', 'help'] as const;

const USAGE = `usage: npm run print-bridge -- <command>
  pair [--print]   show a new pairing code for a tablet (--print: also on the receipt printer)
  devices          list the paired devices
  revoke <id>      forget a paired device (its prints are refused from then on)`;

const clock = (iso: string) => new Date(iso).toTimeString().slice(0, 5);
const row = (d: PairedDevice) => `  ${d.id}  ${d.pairedAt.slice(0, 16).replace('T', ' ')}  ${d.label}`;

export async function runCommand(
  args: readonly string[],
  config: BridgeConfig,
  out: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'pair': {
        const print = rest.includes('--print');
        const { body } = await adminRequest<PairingCode & { printedOn?: string; error?: string }>(
          config.dataDir,
          'POST',
          print ? '/pairing-code?print=1' : '/pairing-code',
        );
        out(`pairing code: ${body.code} (valid until ${clock(body.expiresAt)}, for one device)`);
        out('  on the tablet: Comanda > Profilo > Stampante > Codice di abbinamento');
        if (body.printedOn) out(`  printed on ${body.printedOn}`);
        if (body.error) {
          out(`  not printed: ${body.error}`);
          return 1;
        }
        return 0;
      }
      case 'devices': {
        const devices = await withBridge(
          async () =>
            (await adminRequest<{ devices: PairedDevice[] }>(config.dataDir, 'GET', '/devices')).body.devices,
          async () => (await DeviceStore.open(config.dataDir)).list(),
        );
        if (devices.length === 0) out('no paired devices');
        else for (const device of devices) out(row(device));
        return 0;
      }
      case 'revoke': {
        const id = rest[0] ?? '';
        if (!/^[a-f0-9]{8,32}$/.test(id)) {
          out('revoke: give the id of a device (see: npm run print-bridge -- devices)');
          return 2;
        }
        const revoked = await withBridge(
          async () =>
            (await adminRequest<{ revoked: boolean }>(config.dataDir, 'DELETE', `/devices/${id}`)).body
              .revoked,
          async () => (await DeviceStore.open(config.dataDir)).revoke(id),
        );
        out(revoked ? `revoked ${id}: its prints are refused from now on` : `no paired device ${id}`);
        return revoked ? 0 : 1;
      }
      case 'help':
        out(USAGE);
        return 0;
      default:
        out(USAGE);
        return 2;
    }
  } catch (err) {
    if (err instanceof BridgeNotRunning) {
      out(`the bridge is not running (no admin socket in ${config.dataDir}); start it: npm run print-bridge`);
      return 1;
    }
    if (err instanceof AdminDenied) {
      out(err.message);
      return 1;
    }
    throw err;
  }
}

/** The running bridge's answer, or the data folder's when the bridge is stopped. */
async function withBridge<T>(running: () => Promise<T>, stopped: () => Promise<T>): Promise<T> {
  try {
    return await running();
  } catch (err) {
    if (err instanceof BridgeNotRunning) return stopped();
    throw err;
  }
}
