import { z } from 'zod';
import type { PrintData } from './api/printer.ts';
import { Cents } from './contract.ts';
import { PRINT_TYPES } from './entities.ts';

/**
 * The print bridge's websocket protocol, one definition for both ends: the dashboard sends JSON
 * text frames; the bridge answers with frames shaped like the live hub's, `{event, data}`, so the
 * dashboard parses both the same way (DESIGN.md "Printing"; spec 3 "Printer message").
 *
 * In:
 * - `{type: 'PAIR', code, label}`: a tablet pairs with the 6-digit code the bridge shows on the
 *   box; the answer `PAIRED` carries its device token (the bridge prints only for paired devices).
 * - `{type: 'PRINT_ORDER_TABLE' | 'PRINT_ORDER_R_C', data, sconto, jobId?, token}`: `data` is the
 *   `/api/printer/{kind}` payload, or a bare dashboard entry. `jobId` (1-64 of `A-Za-z0-9_-.:`) is
 *   the job's key: a message whose jobId the bridge already holds or has printed is not printed
 *   again, it is answered again.
 * - `{type: 'PRINTER_STATUS', token}`: asks for the status.
 * Every message but `PAIR` carries a paired device's `token`, else it is refused (`NOT_PAIRED`).
 *
 * Out: `PAIRED`, `PRINT_QUEUED`, `ORDER_PRINTED_NOTIFICATION`, `PRINT_ERROR`, `PRINTER_STATUS`.
 */

export type PrintType = (typeof PRINT_TYPES)[number];

export const STATUS_REQUEST = 'PRINTER_STATUS';
export const PAIR_REQUEST = 'PAIR';

export const PrintJobId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** A device token: 32 random bytes, base64url. Anything else cannot be one. */
export const BridgeToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const PairRequest = z.object({
  type: z.literal(PAIR_REQUEST),
  code: z.string().regex(/^\d{6}$/),
  label: z.string().max(200).optional(),
});
export type PairRequest = z.infer<typeof PairRequest>;

/** The print frame as the bridge checks it; `data` is checked apart (full payload or bare entry). */
export const PrintRequestFrame = z.object({
  type: z.enum(PRINT_TYPES),
  data: z.unknown(),
  sconto: Cents.default(0),
  jobId: PrintJobId.optional(),
});

/**
 * Spec 3 "Printer message" plus the job's key, as the dashboard builds it. The device token is
 * added by the print connection as each frame leaves, never stored with the job.
 */
export interface BridgePrintMessage {
  type: PrintType;
  data: PrintData;
  /** Discount in cents. */
  sconto: number;
  jobId: string;
}

export const BRIDGE_ERROR_CODES = [
  'INVALID_JSON',
  'UNKNOWN_TYPE',
  'INVALID_MESSAGE',
  'QUEUE_FAILED',
  /** The frame carried no token of a device paired with this bridge: pair in Profilo. */
  'NOT_PAIRED',
  /** PAIR: wrong code; `attemptsLeft` more before the code is void. */
  'PAIRING_CODE_WRONG',
  /** PAIR: no active code (timed out, used, or voided by wrong tries): read the new one on the box. */
  'PAIRING_CODE_EXPIRED',
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

export interface BridgeIssue {
  path: string;
  message: string;
}

export interface PrinterStatus {
  name: string;
  area: string;
  /** 'tcp 192.168.1.50:9100', 'device /dev/usb/lp0', 'folder /srv/tickets'. */
  target: string;
  /** Last contact worked; null until the printer was tried once. */
  online: boolean | null;
  /** Tickets waiting for this printer (failed-over ones count at the backup). */
  queued: number;
  lastError: string | null;
  lastErrorAt: string | null;
  lastPrintedAt: string | null;
  /** Since when every attempt failed; null while it works. */
  failingSince: string | null;
  backup: string | null;
}

export interface BridgeStatus {
  printers: PrinterStatus[];
  /** Jobs not yet printed on all their printers. */
  queuedJobs: number;
}

export interface PrintJobRef {
  jobId: string;
  type: PrintType;
  tableId: string | null;
  deliveryId: string | null;
}

export interface TicketRef {
  printer: string;
  /** Printed on the backup printer, marked 'COPIA DI RISERVA'. */
  backup: boolean;
}

export interface PrintErrorData {
  code: BridgeErrorCode;
  error: string;
  type?: string;
  jobId?: string;
  issues?: BridgeIssue[];
  /** PAIRING_CODE_WRONG: wrong codes still accepted before this code is void. */
  attemptsLeft?: number;
}

/** What the bridge answers. */
export type BridgeFrame =
  | { event: 'PAIRED'; data: { deviceId: string; token: string; label: string } }
  | { event: 'PRINT_QUEUED'; data: PrintJobRef & { printers: string[]; duplicate: boolean } }
  | { event: 'ORDER_PRINTED_NOTIFICATION'; data: PrintJobRef & { printers: TicketRef[]; duplicate: boolean } }
  | { event: 'PRINT_ERROR'; data: PrintErrorData }
  | { event: 'PRINTER_STATUS'; data: BridgeStatus };

const EVENTS = new Set<string>([
  'PAIRED',
  'PRINT_QUEUED',
  'ORDER_PRINTED_NOTIFICATION',
  'PRINT_ERROR',
  'PRINTER_STATUS',
]);

/**
 * A frame from the bridge as the dashboard reads it, or null for anything else (the socket is not
 * trusted blindly). Checks what the dashboard relies on, without zod: it runs on every frame.
 */
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
