import { Cents, PRINT_TYPES, PrintData, TableOrder } from '@comanda/shared-schema';
import { z } from 'zod';

export type PrintType = (typeof PRINT_TYPES)[number];

/**
 * The bridge's websocket protocol. The dashboard sends JSON text frames; the bridge answers with
 * frames shaped like the live hub's, `{event, data}`, so the dashboard parses both the same way.
 *
 * In:
 * - `{type: 'PRINT_ORDER_TABLE' | 'PRINT_ORDER_R_C', data, sconto, jobId?}` (spec 3 "Printer
 *   message"; `data` is the `/api/printer/{kind}` payload, or a bare dashboard entry). `jobId`
 *   (1-64 of `A-Za-z0-9_-.:`) is the job's key: a message whose jobId the bridge already holds
 *   or has printed is not printed again, it is answered again.
 * - `{type: 'PRINTER_STATUS'}`: asks for the status.
 *
 * Out: `PRINT_QUEUED`, `ORDER_PRINTED_NOTIFICATION`, `PRINT_ERROR`, `PRINTER_STATUS` (below).
 */

export const STATUS_REQUEST = 'PRINTER_STATUS';

export const JobId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** Top level first, so an unknown type is told apart from a known type with a bad payload. */
const Envelope = z.object({ type: z.string().max(100) }).loose();

const PrintMessage = z.object({
  type: z.enum(PRINT_TYPES),
  data: z.unknown(),
  sconto: Cents.default(0),
  jobId: JobId.optional(),
});

export type ParsedMessage =
  | { kind: 'status' }
  | {
      kind: 'print';
      type: PrintType;
      jobId: string | undefined;
      sconto: number;
      /** The full print payload, or a bare dashboard entry the bridge completes itself. */
      data: { full: true; value: PrintData } | { full: false; value: TableOrder };
    }
  | { kind: 'error'; code: ErrorCode; error: string; type?: string; jobId?: string; issues?: Issue[] };

export type ErrorCode = 'INVALID_JSON' | 'UNKNOWN_TYPE' | 'INVALID_MESSAGE' | 'QUEUE_FAILED';

export interface Issue {
  path: string;
  message: string;
}

/** Italian: the dashboard may show them (spec 8 asks only for a console warning). */
export const ERROR_TEXTS = {
  INVALID_JSON: 'Messaggio non valido: il testo ricevuto non è JSON',
  UNKNOWN_TYPE: (type: string) => `Tipo di stampa sconosciuto: ${type}`,
  INVALID_MESSAGE: 'Dati di stampa non validi',
  QUEUE_FAILED: 'Impossibile salvare la stampa sul disco del bridge: riprovare',
} as const;

function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export function parseMessage(text: string): ParsedMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'error', code: 'INVALID_JSON', error: ERROR_TEXTS.INVALID_JSON };
  }
  const envelope = Envelope.safeParse(raw);
  if (!envelope.success) {
    return { kind: 'error', code: 'UNKNOWN_TYPE', error: ERROR_TEXTS.UNKNOWN_TYPE('(nessuno)') };
  }
  const { type } = envelope.data;
  if (type === STATUS_REQUEST) return { kind: 'status' };
  if (!(PRINT_TYPES as readonly string[]).includes(type)) {
    return { kind: 'error', code: 'UNKNOWN_TYPE', error: ERROR_TEXTS.UNKNOWN_TYPE(type), type };
  }
  const jobIdRaw = (raw as { jobId?: unknown }).jobId;
  const echoedJobId = JobId.safeParse(jobIdRaw).success ? (jobIdRaw as string) : undefined;
  const invalid = (issues: Issue[]): ParsedMessage => ({
    kind: 'error',
    code: 'INVALID_MESSAGE',
    error: ERROR_TEXTS.INVALID_MESSAGE,
    type,
    ...(echoedJobId ? { jobId: echoedJobId } : {}),
    issues,
  });
  const message = PrintMessage.safeParse(raw);
  if (!message.success) return invalid(issuesOf(message.error));
  const full = PrintData.safeParse(message.data.data);
  let data: Extract<ParsedMessage, { kind: 'print' }>['data'];
  if (full.success) data = { full: true, value: full.data };
  else {
    const bare = TableOrder.safeParse(message.data.data);
    // Report the full payload's issues: that is what the dashboard is meant to send.
    if (!bare.success) return invalid(issuesOf(full.error).map((i) => ({ ...i, path: `data.${i.path}` })));
    data = { full: false, value: bare.data };
  }
  return {
    kind: 'print',
    type: message.data.type,
    jobId: message.data.jobId,
    sconto: message.data.sconto,
    data,
  };
}

// ------------------------------------------------------------------ answers

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

export interface StatusData {
  printers: PrinterStatus[];
  /** Jobs not yet printed on all their printers. */
  queuedJobs: number;
}

export interface JobRef {
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

export type OutFrame =
  | { event: 'PRINT_QUEUED'; data: JobRef & { printers: string[]; duplicate: boolean } }
  | { event: 'ORDER_PRINTED_NOTIFICATION'; data: JobRef & { printers: TicketRef[]; duplicate: boolean } }
  | {
      event: 'PRINT_ERROR';
      data: { code: ErrorCode; error: string; type?: string; jobId?: string; issues?: Issue[] };
    }
  | { event: 'PRINTER_STATUS'; data: StatusData };
