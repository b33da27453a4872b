import { safeLocalStorage } from '../data/safe-storage.ts';

/**
 * The device tokens this browser got from print bridges, one per bridge address, in local
 * storage (`comanda.printBridgeTokens`). The bridge prints only for paired devices (DESIGN.md
 * "Abuse"): the owner pairs a tablet once in Profilo, and every print carries the token. A token
 * is dropped only when its bridge says it does not know it (revoked, or the bridge's data lost).
 */
export const TOKENS_KEY = 'comanda.printBridgeTokens';

export interface BridgeTokens {
  get(bridgeUrl: string): string | null;
  set(bridgeUrl: string, token: string): void;
  forget(bridgeUrl: string): void;
  /** Called after this store's writes and another tab's (the `storage` event). */
  subscribe(listener: () => void): () => void;
}

export interface BridgeTokensOptions {
  storage?: Storage | null;
  /** Where `storage` events arrive (the window); injected in tests. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

export function createBridgeTokens(opts: BridgeTokensOptions = {}): BridgeTokens {
  const storage = opts.storage === undefined ? safeLocalStorage() : opts.storage;
  const events = opts.events ?? globalThis;
  const listeners = new Set<() => void>();
  // Blocked storage (privacy modes): the tokens last for the page, and the owner pairs again.
  let memory: Record<string, string> = {};

  function read(): Record<string, string> {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(TOKENS_KEY) ?? '{}');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        memory = Object.fromEntries(
          Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
      }
    } catch {
      // Garbage under the key: what this page knew.
    }
    return memory;
  }

  function write(tokens: Record<string, string>): void {
    memory = tokens;
    try {
      if (Object.keys(tokens).length === 0) storage?.removeItem(TOKENS_KEY);
      else storage?.setItem(TOKENS_KEY, JSON.stringify(tokens));
    } catch (err) {
      console.warn('print bridge token not saved', err);
    }
    for (const listener of [...listeners]) listener();
  }

  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key !== TOKENS_KEY && key !== null) return;
    for (const listener of [...listeners]) listener();
  };

  return {
    get: (bridgeUrl) => read()[bridgeUrl] ?? null,
    set(bridgeUrl, token) {
      write({ ...read(), [bridgeUrl]: token });
    },
    forget(bridgeUrl) {
      const { [bridgeUrl]: _gone, ...rest } = read();
      if (_gone !== undefined) write(rest);
    },
    subscribe(listener) {
      if (listeners.size === 0) events.addEventListener?.('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events.removeEventListener?.('storage', onStorage);
      };
    },
  };
}

let shared: BridgeTokens | null = null;

/** This tab's tokens: one store, so the Profilo pairing and the print connection hear each other. */
export function bridgeTokens(): BridgeTokens {
  shared ??= createBridgeTokens();
  return shared;
}
