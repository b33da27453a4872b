import { Cents, PRINT_TYPES, PrintData, TableOrder } from '@comanda/shared-schema';
import { z } from 'zod';

export type PrintType = (typeof PRINT_TYPES)[number];

/**
 * The bridge's websocket protocol. The dashboard sends JSON text frames; the bridge answers with
 * frames shaped like the live hub's, `{event, data}`, so the dashboard parses both the same way.
 *
 * In:
 * - `{type: 'PAIR', code, label}`: a tablet pairs with the 6-digit code the bridge shows on the
 *   box; the answer `PAIRED` carries its device token (DESIGN.md "Abuse": the bridge prints only
 *   for paired devices).
 * - `{type: 'PRINT_ORDER_TABLE' | 'PRINT_ORDER_R_C', data, sconto, jobId?, token}` (spec 3
 *   "Printer message"; `data` is the `/api/printer/{kind}` payload, or a bare dashboard entry).
 *   `jobId` (1-64 of `A-Za-z0-9_-.:`) is the job's key: a message whose jobId the bridge already
 *   holds or has printed is not printed again, it is answered again.
 * - `{type: 'PRINTER_STATUS', token}`: asks for the status.
 * Every message but `PAIR` carries a paired device's `token`, else it is refused (`NOT_PAIRED`).
 *
 * Out: `PAIRED`, `PRINT_QUEUED`, `ORDER_PRINTED_NOTIFICATION`, `PRINT_ERROR`, `PRINTER_STATUS`.
 */

export const STATUS_REQUEST = 'PRINTER_STATUS';
export const PAIR_REQUEST = 'PAIR';

export const JobId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** Top level first, so an unknown type is told apart from a known type with a bad payload. */
const Envelope = z.object({ type: z.string().max(100) }).loose();

/** A device token: 32 random bytes, base64url. Anything else cannot be one. */
const Token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const PairMessage = z.object({
  type: z.literal(PAIR_REQUEST),
  code: z.string().regex(/^\d{6}$/),
  label: z.string().max(200).optional(),
});

const PrintMessage = z.object({
  type: z.enum(PRINT_TYPES),
  data: z.unknown(),
  sconto: Cents.default(0),
  jobId: JobId.optional(),
});

/** A frame's top level: its type and the token it carries, read before the payload is checked. */
export type Envelope =
  | { kind: 'envelope'; type: string; token: string | null; jobId: string | undefined; raw: unknown }
  | Extract<ParsedMessage, { kind: 'error' }>;

export type ParsedMessage =
  | { kind: 'status' }
  | { kind: 'pair'; code: string; label: string }
  | {
      kind: 'print';
      type: PrintType;
      jobId: string | undefined;
      sconto: number;
      /** The full print payload, or a bare dashboard entry the bridge completes itself. */
      data: { full: true; value: PrintData } | { full: false; value: TableOrder };
    }
  | { kind: 'error'; code: ErrorCode; error: string; type?: string; jobId?: string; issues?: Issue[] };

export type ErrorCode =
  | 'INVALID_JSON'
  | 'UNKNOWN_TYPE'
  | 'INVALID_MESSAGE'
  | 'QUEUE_FAILED'
  | 'NOT_PAIRED'
  | 'PAIRING_CODE_WRONG'
  | 'PAIRING_CODE_EXPIRED';

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
  NOT_PAIRED: 'Stampante non abbinata: inserisci il codice in Profilo',
  PAIRING_CODE_WRONG: (attemptsLeft: number) =>
    attemptsLeft > 0
      ? `Codice di abbinamento errato (tentativi rimasti: ${attemptsLeft})`
      : 'Codice di abbinamento errato: leggi il nuovo codice sul bridge',
  PAIRING_CODE_EXPIRED: 'Codice di abbinamento scaduto o già usato: leggi il nuovo codice sul bridge',
} as const;

/** What a tablet calls itself in the bridge's list: printable characters, at most 60. */
export function deviceLabel(label: string | undefined): string {
  const clean = (label ?? '')
    .replace(/[\p{C}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return clean === '' ? 'Dispositivo' : clean;
}

function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * The frame's JSON and top level only: cheap, so a frame from an unpaired socket is refused
 * before its payload costs any work.
 */
export function readEnvelope(text: string): Envelope {
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
  const { token, jobId } = raw as { token?: unknown; jobId?: unknown };
  return {
    kind: 'envelope',
    type: envelope.data.type,
    token: Token.safeParse(token).success ? (token as string) : null,
    jobId: JobId.safeParse(jobId).success ? (jobId as string) : undefined,
    raw,
  };
}

export function parseMessage(text: string): ParsedMessage {
  const envelope = readEnvelope(text);
  return envelope.kind === 'error' ? envelope : parseEnvelope(envelope);
}

/** The whole message, once its envelope is read (and, but for `PAIR`, its token accepted). */
export function parseEnvelope(envelope: Extract<Envelope, { kind: 'envelope' }>): ParsedMessage {
  const { type, raw, jobId: echoedJobId } = envelope;
  if (type === STATUS_REQUEST) return { kind: 'status' };
  if (type === PAIR_REQUEST) {
    const pair = PairMessage.safeParse(raw);
    if (!pair.success) {
      return {
        kind: 'error',
        code: 'INVALID_MESSAGE',
        error: ERROR_TEXTS.INVALID_MESSAGE,
        type,
        issues: issuesOf(pair.error),
      };
    }
    return { kind: 'pair', code: pair.data.code, label: deviceLabel(pair.data.label) };
  }
  if (!(PRINT_TYPES as readonly string[]).includes(type)) {
    return { kind: 'error', code: 'UNKNOWN_TYPE', error: ERROR_TEXTS.UNKNOWN_TYPE(type), type };
  }
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

/** What the page at `/status` tells anyone who asks: no addresses, paths or error texts. */
export type PublicPrinterStatus = Pick<PrinterStatus, 'name' | 'area' | 'online' | 'queued'>;

export interface PublicStatus {
  printers: PublicPrinterStatus[];
  queuedJobs: number;
}

export function publicStatus(status: StatusData): PublicStatus {
  return {
    printers: status.printers.map(({ name, area, online, queued }) => ({ name, area, online, queued })),
    queuedJobs: status.queuedJobs,
  };
}

export interface PrintErrorData {
  code: ErrorCode;
  error: string;
  type?: string;
  jobId?: string;
  issues?: Issue[];
  /** PAIRING_CODE_WRONG: wrong codes still accepted before this code is void. */
  attemptsLeft?: number;
}

export type OutFrame =
  | { event: 'PAIRED'; data: { deviceId: string; token: string; label: string } }
  | { event: 'PRINT_QUEUED'; data: JobRef & { printers: string[]; duplicate: boolean } }
  | { event: 'ORDER_PRINTED_NOTIFICATION'; data: JobRef & { printers: TicketRef[]; duplicate: boolean } }
  | { event: 'PRINT_ERROR'; data: PrintErrorData }
  | { event: 'PRINTER_STATUS'; data: StatusData };
