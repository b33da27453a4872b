import { afterEach, describe, expect, it, vi } from 'vitest';
import { SW_REGISTER_DELAY_MS, whenSettled } from './update-prompt.tsx';

/** A window whose load event and idle callback the test fires. */
function fakeWindow(readyState: DocumentReadyState) {
  const listeners = new Map<string, () => void>();
  const idle: Array<() => void> = [];
  const win = {
    document: { readyState },
    addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
    removeEventListener: (name: string) => listeners.delete(name),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
    cancelIdleCallback: () => idle.splice(0),
  };
  return {
    win: win as unknown as Window,
    load: () => listeners.get('load')?.(),
    idle: () => {
      for (const fn of idle.splice(0)) fn();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the service worker is registered once the first screen is up', () => {
  it('after the load event, a pause and an idle moment; not before', () => {
    vi.useFakeTimers();
    const page = fakeWindow('loading');
    const register = vi.fn();
    whenSettled(register, page.win);
    vi.advanceTimersByTime(10 * SW_REGISTER_DELAY_MS);
    page.idle();
    expect(register).not.toHaveBeenCalled();
    page.load();
    vi.advanceTimersByTime(SW_REGISTER_DELAY_MS - 1);
    page.idle();
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).not.toHaveBeenCalled();
    page.idle();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('a page already loaded starts the pause at once; a cancelled wait registers nothing', () => {
    vi.useFakeTimers();
    const loaded = fakeWindow('complete');
    const register = vi.fn();
    whenSettled(register, loaded.win);
    vi.advanceTimersByTime(SW_REGISTER_DELAY_MS);
    loaded.idle();
    expect(register).toHaveBeenCalledTimes(1);

    const left = fakeWindow('complete');
    const never = vi.fn();
    const cancel = whenSettled(never, left.win);
    cancel();
    vi.advanceTimersByTime(SW_REGISTER_DELAY_MS);
    left.idle();
    expect(never).not.toHaveBeenCalled();
  });
});
