import { connect, type Socket } from 'node:net';
import { describeSystemError, PrinterError } from './printer-error.ts';

/**
 * A network printer's raw port (9100, "JetDirect"). One connection per ticket: connect, write,
 * half-close, then wait for the printer to close its side, which it does once it has read
 * everything (as the CUPS socket backend does). A printer that never closes is taken as having
 * the ticket after `finishTimeoutMs` if every byte left this machine; one that resets or closes
 * before reading everything is a failure and the ticket stays queued.
 */
export interface TcpTarget {
  host: string;
  port: number;
  paperCheck: boolean;
}

export interface TcpTimeouts {
  connectMs: number;
  statusMs: number;
  finishMs: number;
}

export const TCP_TIMEOUTS: TcpTimeouts = { connectMs: 4000, statusMs: 2000, finishMs: 10_000 };

/** ESC/POS DLE EOT 4: the real-time roll paper sensor status. */
export const PAPER_STATUS_REQUEST = [0x10, 0x04, 0x04] as const;
/** Bits 5 and 6 of its answer: paper end. */
const PAPER_END_BITS = 0x60;

const where = (target: TcpTarget) => `Stampante ${target.host}:${target.port}`;

function openSocket(target: TcpTarget, timeouts: TcpTimeouts): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    socket.setNoDelay(true);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterError('TIMEOUT', `${where(target)}: tempo scaduto per la connessione`));
    }, timeouts.connectMs);
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new PrinterError('UNREACHABLE', describeSystemError(err, where(target))));
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
  });
}

/** Asks the paper sensor; refuses when the roll is out. A printer that does not answer fails. */
function checkPaper(socket: Socket, target: TcpTarget, timeouts: TcpTimeouts): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: PrinterError) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      const status = chunk[0] ?? 0;
      done(
        (status & PAPER_END_BITS) !== 0
          ? new PrinterError('PAPER_OUT', `${where(target)}: carta esaurita`)
          : undefined,
      );
    };
    const onError = (err: Error) =>
      done(new PrinterError('UNREACHABLE', describeSystemError(err, where(target))));
    const timer = setTimeout(
      () => done(new PrinterError('TIMEOUT', `${where(target)}: nessuna risposta sullo stato della carta`)),
      timeouts.statusMs,
    );
    socket.on('data', onData);
    socket.on('error', onError);
    socket.write(Uint8Array.from(PAPER_STATUS_REQUEST));
  });
}

function writeAndClose(
  socket: Socket,
  bytes: Uint8Array,
  target: TcpTarget,
  timeouts: TcpTimeouts,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (err?: PrinterError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    socket.on('data', () => {}); // status bytes a printer may volunteer: not ours to read
    socket.once('error', (err) =>
      settle(new PrinterError('UNREACHABLE', describeSystemError(err, where(target)))),
    );
    socket.once('end', () => {
      if (socket.writableFinished) settle();
      else
        settle(
          new PrinterError('CLOSED_EARLY', `${where(target)}: ha chiuso la connessione prima della fine`),
        );
    });
    const timer = setTimeout(() => {
      if (socket.writableFinished) settle();
      else settle(new PrinterError('TIMEOUT', `${where(target)}: non accetta i dati (carta o coperchio?)`));
    }, timeouts.finishMs);
    socket.end(bytes);
  });
}

export async function sendTcp(target: TcpTarget, bytes: Uint8Array, timeouts = TCP_TIMEOUTS): Promise<void> {
  const socket = await openSocket(target, timeouts);
  try {
    if (target.paperCheck) await checkPaper(socket, target, timeouts);
  } catch (err) {
    socket.destroy();
    throw err;
  }
  await writeAndClose(socket, bytes, target, timeouts);
}

/** Reachable (and with paper, when it can tell): for the status of an idle printer. */
export async function probeTcp(target: TcpTarget, timeouts = TCP_TIMEOUTS): Promise<void> {
  const socket = await openSocket(target, timeouts);
  try {
    if (target.paperCheck) await checkPaper(socket, target, timeouts);
  } finally {
    socket.end();
    socket.destroy();
  }
}
