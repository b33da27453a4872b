/**
 * Why a ticket did not reach its printer. `message` is Italian: it is the status's `lastError`,
 * which the dashboard may show to the owner ('Carta esaurita', 'Stampante non raggiungibile').
 */
export type PrinterErrorCode = 'UNREACHABLE' | 'TIMEOUT' | 'PAPER_OUT' | 'CLOSED_EARLY' | 'DEVICE' | 'FOLDER';

export class PrinterError extends Error {
  override name = 'PrinterError';
  constructor(
    readonly code: PrinterErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A system error from the network or the file system, told in Italian with its code. */
export function describeSystemError(err: unknown, what: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  const reason: Record<string, string> = {
    ECONNREFUSED: 'connessione rifiutata',
    EHOSTUNREACH: 'host non raggiungibile',
    ENETUNREACH: 'rete non raggiungibile',
    ECONNRESET: 'connessione interrotta',
    EPIPE: 'connessione interrotta',
    ENOTFOUND: 'nome host sconosciuto',
    EAI_AGAIN: 'nome host sconosciuto',
    ENOENT: 'non trovato',
    EACCES: 'permesso negato',
    EPERM: 'permesso negato',
    EBUSY: 'occupato',
    EIO: 'errore di input/output',
    ENOSPC: 'disco pieno',
    EROFS: 'sola lettura',
    ENODEV: 'dispositivo assente',
    ENXIO: 'dispositivo assente',
  };
  const text = code ? (reason[code] ?? (err as Error).message) : String((err as Error)?.message ?? err);
  return code ? `${what}: ${text} (${code})` : `${what}: ${text}`;
}
