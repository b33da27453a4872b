import { type PairRequest, parseBridgeFrame } from '@comanda/shared-schema';
import { type BridgeTokens, bridgeTokens } from './bridge-tokens.ts';

/**
 * Pairs this tablet with the venue's print bridge (DESIGN.md "Abuse": it prints only for paired
 * devices): a short-lived socket of its own sends the 6-digit code the bridge shows on its box,
 * and the token it answers is kept for that bridge's address. The print connection hears of the
 * new token and starts over with it.
 */
export type PairOutcome =
  | { ok: true }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  /** No active code on the bridge: timed out, used, or voided by wrong tries. */
  | { ok: false; reason: 'expired' }
  /** Not reached: wrong address, certificate not accepted, this app's origin not allowed. */
  | { ok: false; reason: 'unreachable' };

export const PAIR_TIMEOUT_MS = 10_000;

export interface PairOptions {
  label?: string;
  WebSocket?: new (url: string) => WebSocket;
  tokens?: BridgeTokens;
  timeoutMs?: number;
}

/** '123 456' -> '123456'; null unless six digits. */
export function pairingCode(input: string): string | null {
  const code = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** How the bridge's list names this device: 'Chrome su Android', 'Safari su iPad'. */
export function deviceLabel(userAgent: string): string {
  const os = /iPad/.test(userAgent)
    ? 'iPad'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser/.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  return os ? `${browser} su ${os}` : browser;
}

export function pairWithBridge(url: string, code: string, opts: PairOptions = {}): Promise<PairOutcome> {
  const tokens = opts.tokens ?? bridgeTokens();
  const Ctor = opts.WebSocket ?? globalThis.WebSocket;
  const label = opts.label ?? deviceLabel(globalThis.navigator?.userAgent ?? '');
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new Ctor(url);
    } catch {
      resolve({ ok: false, reason: 'unreachable' });
      return;
    }
    let done = false;
    const finish = (outcome: PairOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close();
      } catch {
        // Already closed.
      }
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'unreachable' }),
      opts.timeoutMs ?? PAIR_TIMEOUT_MS,
    );
    socket.onopen = () => {
      const message: PairRequest = { type: 'PAIR', code, label };
      socket.send(JSON.stringify(message));
    };
    socket.onmessage = (event: MessageEvent) => {
      const frame = parseBridgeFrame(event.data);
      if (frame?.event === 'PAIRED') {
        tokens.set(url, frame.data.token);
        finish({ ok: true });
      } else if (frame?.event === 'PRINT_ERROR' && frame.data.code === 'PAIRING_CODE_WRONG') {
        finish({ ok: false, reason: 'wrong', attemptsLeft: frame.data.attemptsLeft ?? 0 });
      } else if (frame?.event === 'PRINT_ERROR' && frame.data.type === 'PAIR') {
        finish({ ok: false, reason: 'expired' });
      }
    };
    socket.onerror = () => finish({ ok: false, reason: 'unreachable' });
    socket.onclose = () => finish({ ok: false, reason: 'unreachable' });
  });
}
