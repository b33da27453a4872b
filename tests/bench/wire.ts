import type { CDPSession } from '@playwright/test';

/**
 * What a page received on the wire, from the DevTools protocol: for each request, the bytes the
 * browser took off the connection (`Network.loadingFinished` `encodedDataLength`: headers and the
 * body as sent, compressed or not), its type and its `Content-Encoding`. File sizes would hide
 * whether the server compressed anything; these are what a phone pays for.
 */
export interface WireEntry {
  url: string;
  type: string;
  encoding: string | null;
  /** Bytes received, headers included. */
  wireBytes: number;
  /** Body bytes once decoded. */
  bodyBytes: number;
  done: boolean;
}

/**
 * Chrome DevTools' "Fast 4G" preset (Chrome 121 and later): 9 Mbit/s down and 1.5 Mbit/s up at 90%
 * of their nominal rate, 60 ms latency times the preset's 2.75 factor.
 */
export const FAST_4G = {
  offline: false,
  latency: 165,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
} as const;

export class WireRecorder {
  private readonly entries = new Map<string, WireEntry>();
  private lastActivity = performance.now();

  private constructor(cdp: CDPSession) {
    const touch = () => {
      this.lastActivity = performance.now();
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      touch();
      // A redirect reuses the request id: the hop before it is finished and counted already.
      this.entries.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        encoding: null,
        wireBytes: 0,
        bodyBytes: 0,
        done: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      touch();
      const entry = this.entries.get(e.requestId);
      if (!entry) return;
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      entry.encoding = headers['content-encoding'] ?? null;
    });
    cdp.on('Network.dataReceived', (e) => {
      touch();
      const entry = this.entries.get(e.requestId);
      if (entry) entry.bodyBytes += e.dataLength;
    });
    const finish = (requestId: string, wireBytes: number) => {
      touch();
      const entry = this.entries.get(requestId);
      if (!entry) return;
      entry.wireBytes = wireBytes;
      entry.done = true;
    };
    cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0));
  }

  static async start(cdp: CDPSession): Promise<WireRecorder> {
    const recorder = new WireRecorder(cdp);
    await cdp.send('Network.enable');
    return recorder;
  }

  all(): WireEntry[] {
    return [...this.entries.values()];
  }

  /**
   * Resolves once no request has been in flight for `quietMs` (what loads when the page is idle,
   * the customer's live socket code, is part of the visit); throws past the deadline.
   */
  async quiet(quietMs = 1000, deadlineMs = 60_000): Promise<void> {
    const deadline = performance.now() + deadlineMs;
    for (;;) {
      const busy = this.all().some((e) => !e.done && e.type !== 'WebSocket');
      if (!busy && performance.now() - this.lastActivity >= quietMs) return;
      if (performance.now() > deadline) throw new Error(`the page kept loading for ${deadlineMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Kilobytes received for the entries `pick` keeps. */
  kb(pick: (e: WireEntry) => boolean = () => true): number {
    return (
      this.all()
        .filter(pick)
        .reduce((sum, e) => sum + e.wireBytes, 0) / 1024
    );
  }
}

/** Script, style and document answers worth compressing that came without a `Content-Encoding`. */
export function uncompressedText(entries: WireEntry[]): WireEntry[] {
  return entries.filter(
    (e) =>
      ['Script', 'Stylesheet', 'Document', 'Fetch', 'XHR'].includes(e.type) &&
      e.bodyBytes >= 1024 &&
      (e.encoding === null || e.encoding === 'identity'),
  );
}
