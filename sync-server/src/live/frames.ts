import {
  type ClientEventData,
  type ClientEventName,
  ClientFrameSchema,
  clientEvents,
  unstorableTextPath,
} from '@comanda/shared-schema';
import type { WebSocket } from 'ws';

/** A socket closed for a policy violation that does not finish the close handshake is cut. */
const CLOSE_GRACE_MS = 1000;

/** A client frame checked against the shared schemas, or why it is refused. */
export function parseClientFrame(
  raw: unknown,
  isBinary: boolean,
): { name: ClientEventName; data: ClientEventData<ClientEventName> } | { refused: string } {
  if (isBinary) return { refused: 'binary frames are not accepted' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    return { refused: 'frame is not JSON' };
  }
  // Text no store can hold is refused as at the HTTP edge (http/storable-text.ts).
  if (unstorableTextPath(parsed) !== null) return { refused: 'frame text has NUL or a lone surrogate' };
  const frame = ClientFrameSchema.safeParse(parsed);
  if (!frame.success) return { refused: 'frame must be {event, data}' };
  const name = frame.data.event;
  if (!Object.hasOwn(clientEvents, name)) return { refused: 'unknown event' };
  const data = clientEvents[name as ClientEventName].safeParse(frame.data.data);
  if (!data.success) return { refused: `invalid data for ${name}` };
  return { name: name as ClientEventName, data: data.data };
}

/** A server frame as bytes: serialised once, the same buffer queued for every recipient. */
export function frameBytes(frame: { event: string; data: unknown; version?: number }): Buffer {
  return Buffer.from(JSON.stringify(frame));
}

/**
 * Closes with a code and reason. A client that keeps sending instead of answering the close
 * would hold the socket (and what it buffers) for ws's 30 s handshake timeout: cut after a grace.
 */
export function closeWithGrace(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  const cut = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
  cut.unref();
  ws.once('close', () => clearTimeout(cut));
}
