/** The part of the Web Locks API the replayer uses; tests pass their own. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const chains = new Map<string, Promise<unknown>>();

/**
 * Fallback where `navigator.locks` is missing (jsdom, insecure http origins): a FIFO mutex for
 * this page only. Other tabs are then not excluded, which the server's mutation ids make safe:
 * a second send of the same id gets the stored answer and changes nothing.
 */
export const pageLocks: LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const previous = chains.get(name) ?? Promise.resolve();
    const run = previous.then(callback, callback);
    const tail = run.catch(() => undefined);
    chains.set(name, tail);
    void tail.then(() => {
      if (chains.get(name) === tail) chains.delete(name);
    });
    return run;
  },
};

/** The browser's Web Locks when present (one sending tab across the origin), else `pageLocks`. */
export function defaultLocks(): LockManagerLike {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks && typeof locks.request === 'function') {
    // The DOM typing nests the callback's promise type once more; the value is the same.
    return {
      request: <T>(name: string, callback: () => Promise<T>) =>
        locks.request(name, () => callback()) as unknown as Promise<T>,
    };
  }
  return pageLocks;
}
