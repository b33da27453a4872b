/**
 * Test-only: a WebSocket the printing tests drive (open, fail, close, answer), recording every
 * socket made and every frame sent.
 */
export class FakeBridgeSocket {
  static made: FakeBridgeSocket[] = [];
  static get last(): FakeBridgeSocket | undefined {
    return FakeBridgeSocket.made.at(-1);
  }
  static reset(): void {
    FakeBridgeSocket.made = [];
  }

  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  readonly sent: Array<Record<string, unknown>> = [];

  constructor(readonly url: string) {
    FakeBridgeSocket.made.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(): void {
    this.readyState = 3;
  }

  /** The bridge accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  /** Refused, or dropped: the browser fires error then close. */
  fail(): void {
    this.readyState = 3;
    this.onerror?.();
    this.onclose?.();
  }

  answer(event: string, data: unknown): void {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }
}

export const asWebSocket = FakeBridgeSocket as unknown as new (url: string) => WebSocket;
