// A live socket for the owner screens' tests: one class, so that a harness and its tests read
// the same `FakeSocket.last`.

/** A WebSocket the test drives: the server says `connect`, then whatever frames the test pushes. */
export class FakeSocket {
  static last: FakeSocket | null = null;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 1;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.push('connect', { socketId: 'sock-1' }), 0);
  }
  push(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) } as MessageEvent);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
