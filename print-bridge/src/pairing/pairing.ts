import type { Log } from '../log.ts';
import { type PairingCode, PairingCodes } from './codes.ts';
import type { DeviceStore, PairedDevice } from './devices.ts';

export type PairResult =
  | { ok: true; device: PairedDevice; token: string }
  | { ok: false; code: 'PAIRING_CODE_WRONG'; attemptsLeft: number }
  | { ok: false; code: 'PAIRING_CODE_EXPIRED' };

/** '20:41' in the box's own time: when the code shown in its terminal stops working. */
const clock = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

/**
 * Pairing as the bridge uses it: the code shown on the box, and the paired devices whose tokens
 * every message must carry (DESIGN.md "Abuse").
 */
export class Pairing {
  readonly codes: PairingCodes;

  constructor(
    private readonly store: DeviceStore,
    private readonly log: Log,
    now?: () => number,
  ) {
    this.codes = new PairingCodes({
      ...(now ? { now } : {}),
      made: (made) =>
        log.info(`pairing code for a new tablet: ${made.code} (valid until ${clock(made.expiresAt)})`),
      voided: () =>
        log.warn('pairing: 5 wrong codes, the code is void; ask a new one: npm run print-bridge -- pair'),
    });
  }

  /** The code to show on the box: the active one, or a new one. */
  code(): PairingCode {
    return this.codes.show();
  }

  /** A new code, replacing the active one (`npm run print-bridge -- pair`). */
  newCode(): PairingCode {
    return this.codes.renew();
  }

  async pair(code: string, label: string): Promise<PairResult> {
    const check = this.codes.check(code);
    if (!check.ok) {
      if (check.reason === 'expired') return { ok: false, code: 'PAIRING_CODE_EXPIRED' };
      this.log.warn(`pairing: wrong code from '${label}' (${check.attemptsLeft} tries left)`);
      return { ok: false, code: 'PAIRING_CODE_WRONG', attemptsLeft: check.attemptsLeft };
    }
    const { device, token } = await this.store.add(label);
    this.log.info(`pairing: paired '${device.label}' (device ${device.id})`);
    return { ok: true, device, token };
  }

  verify(token: string | null | undefined): PairedDevice | null {
    return this.store.verify(token);
  }

  isPaired(deviceId: string): boolean {
    return this.store.has(deviceId);
  }

  devices(): PairedDevice[] {
    return this.store.list();
  }

  async revoke(id: string): Promise<boolean> {
    const revoked = await this.store.revoke(id);
    if (revoked) this.log.info(`pairing: device ${id} revoked`);
    return revoked;
  }
}
