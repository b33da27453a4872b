import type { PRINT_TYPES, PrintData } from '@comanda/shared-schema';

/**
 * The print bridge's websocket protocol as the dashboard uses it. The bridge's own definition is
 * `print-bridge/src/protocol.ts` (the PWA imports only shared-schema, DESIGN.md); these mirror the
 * fields read here and must follow it.
 */

export type PrintType = (typeof PRINT_TYPES)[number];

/**
 * Spec 3 "Printer message" plus the job's key: the bridge prints a jobId once. The device token
 * (`token`) is added by the print connection as each frame leaves, never stored with the job.
 */
export interface PrintMessage {
  type: PrintType;
  data: PrintData;
  /** Discount in cents. */
  sconto: number;
  jobId: string;
}

export interface BridgePrinterStatus {
  name: string;
  area: string;
  target: string;
  online: boolean | null;
  queued: number;
  lastError: string | null;
  lastErrorAt: string | null;
  lastPrintedAt: string | null;
  failingSince: string | null;
  backup: string | null;
}

export interface BridgeStatus {
  printers: BridgePrinterStatus[];
  queuedJobs: number;
}

export type BridgeErrorCode =
  | 'INVALID_JSON'
  | 'UNKNOWN_TYPE'
  | 'INVALID_MESSAGE'
  | 'QUEUE_FAILED'
  /** The frame carried no token of a device paired with this bridge: pair in Profilo. */
  | 'NOT_PAIRED'
  /** PAIR: wrong code; `attemptsLeft` more before the code is void. */
  | 'PAIRING_CODE_WRONG'
  /** PAIR: no active code (timed out, used, or voided by wrong tries): read the new one on the box. */
  | 'PAIRING_CODE_EXPIRED';

/** `{type: 'PAIR', code, label}`: pairs this device with the 6-digit code the bridge shows. */
export interface PairMessage {
  type: 'PAIR';
  code: string;
  label: string;
}

/** What the bridge answers, shaped like the live hub's frames. */
export type BridgeFrame =
  | { event: 'PAIRED'; data: { deviceId: string; token: string; label?: string } }
  | { event: 'PRINT_QUEUED'; data: { jobId: string; duplicate?: boolean } }
  | { event: 'ORDER_PRINTED_NOTIFICATION'; data: { jobId: string; duplicate?: boolean } }
  | {
      event: 'PRINT_ERROR';
      data: { code: BridgeErrorCode; error: string; type?: string; jobId?: string; attemptsLeft?: number };
    }
  | { event: 'PRINTER_STATUS'; data: BridgeStatus };

const EVENTS = new Set([
  'PAIRED',
  'PRINT_QUEUED',
  'ORDER_PRINTED_NOTIFICATION',
  'PRINT_ERROR',
  'PRINTER_STATUS',
]);

/** A frame from the bridge, or null for anything else (the socket is not trusted blindly). */
export function parseBridgeFrame(raw: unknown): BridgeFrame | null {
  if (typeof raw !== 'string') return null;
  let frame: { event?: unknown; data?: unknown };
  try {
    frame = JSON.parse(raw) as typeof frame;
  } catch {
    return null;
  }
  if (typeof frame.event !== 'string' || !EVENTS.has(frame.event)) return null;
  const data = frame.data;
  if (typeof data !== 'object' || data === null) return null;
  if (frame.event === 'PRINTER_STATUS') {
    return Array.isArray((data as { printers?: unknown }).printers) ? (frame as BridgeFrame) : null;
  }
  if (frame.event === 'PRINT_ERROR') {
    return typeof (data as { code?: unknown }).code === 'string' ? (frame as BridgeFrame) : null;
  }
  if (frame.event === 'PAIRED') {
    const { token, deviceId } = data as { token?: unknown; deviceId?: unknown };
    return typeof token === 'string' && typeof deviceId === 'string' ? (frame as BridgeFrame) : null;
  }
  return typeof (data as { jobId?: unknown }).jobId === 'string' ? (frame as BridgeFrame) : null;
}
