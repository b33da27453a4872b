import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncContext } from '../data/hooks.ts';
import type { SyncClient } from '../data/sync-client.ts';
import { LiveConnection } from '../live/connection.ts';
import { LiveContext } from '../live/use-live.ts';
import { OwnerLiveBridge, ownerLinks } from './owner-live-bridge.tsx';

/** The owner layout's socket as the test plays it: `connect` first, then what the test pushes. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 1;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.push('connect', { socketId: 'sock-owner' }), 0);
  }
  push(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) } as MessageEvent);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

afterEach(cleanup);

describe('OwnerLiveBridge (its code loads on first use, owners only)', () => {
  it('gives the owner`s send the socket id and the catch-up, and passes live menu edits on', async () => {
    const live = new LiveConnection({
      url: 'ws://comanda.test/live?ownerId=v1',
      WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
    });
    live.start();
    const catchUp = vi.fn(async () => undefined);
    const sync = { catchUp } as unknown as SyncClient;
    const links = ownerLinks();
    const onMenuChanged = vi.fn();
    render(
      <LiveContext.Provider value={live}>
        <SyncContext.Provider value={sync}>
          <OwnerLiveBridge onMenuChanged={onMenuChanged} links={links} />
        </SyncContext.Provider>
      </LiveContext.Provider>,
    );
    // Its chunk arrives, and the bridge mounts with its subscriptions.
    await act(async () => {
      await import('./owner-live-sync.tsx');
    });
    await waitFor(() => expect(live.socketId).toBe('sock-owner'));
    // The bridge renders again on the status change and reads the id.
    await waitFor(() => expect(links.current.socketId).toBe('sock-owner'));
    links.current.catchUp();
    expect(catchUp).toHaveBeenCalledTimes(1);
    await act(async () => FakeSocket.last?.push('menuChanged', {}));
    expect(onMenuChanged).toHaveBeenCalledTimes(1);
    live.stop();
  });
});
