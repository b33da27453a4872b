import {
  type BridgeErrorCode,
  type BridgeIssue,
  type BridgeStatus,
  BridgeToken,
  PAIR_REQUEST,
  PairRequest,
  PRINT_TYPES,
  PrintData,
  type PrinterStatus,
  PrintJobId,
  PrintRequestFrame,
  type PrintType,
  STATUS_REQUEST,
  TableOrder,
} from '@comanda/shared-schema';
import { z } from 'zod';

/**
 * The bridge's reading of the protocol defined in shared-schema (`print-bridge.ts`): the envelope
 * first (cheap, before the token is checked), then the whole message; its error texts.
 */

/** Top level first, so an unknown type is told apart from a known type with a bad payload. */
const Envelope = z.object({ type: z.string().max(100) }).loose();

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
  | {
      kind: 'error';
      code: BridgeErrorCode;
      error: string;
      type?: string;
      jobId?: string;
      issues?: BridgeIssue[];
    };

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

function issuesOf(error: z.ZodError): BridgeIssue[] {
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
    token: BridgeToken.safeParse(token).success ? (token as string) : null,
    jobId: PrintJobId.safeParse(jobId).success ? (jobId as string) : undefined,
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
    const pair = PairRequest.safeParse(raw);
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
  const invalid = (issues: BridgeIssue[]): ParsedMessage => ({
    kind: 'error',
    code: 'INVALID_MESSAGE',
    error: ERROR_TEXTS.INVALID_MESSAGE,
    type,
    ...(echoedJobId ? { jobId: echoedJobId } : {}),
    issues,
  });
  const message = PrintRequestFrame.safeParse(raw);
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

/** What the page at `/status` tells anyone who asks: no addresses, paths or error texts. */
export type PublicPrinterStatus = Pick<PrinterStatus, 'name' | 'area' | 'online' | 'queued'>;

export interface PublicStatus {
  printers: PublicPrinterStatus[];
  queuedJobs: number;
}

export function publicStatus(status: BridgeStatus): PublicStatus {
  return {
    printers: status.printers.map(({ name, area, online, queued }) => ({ name, area, online, queued })),
    queuedJobs: status.queuedJobs,
  };
}
