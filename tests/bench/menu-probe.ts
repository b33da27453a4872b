// The page-side half of `menu300`: functions sent into the phone's page (no closure over this
// module), and the wait for the probe's signal.
export interface Probe {
  present: number | null;
  tapped: number | null;
  added: number | null;
  /** The first task after the frame that drew the list (style, layout and paint done). */
  drawn: number | null;
}

/**
 * In the page from its first script: waits for the last dish, taps it, notes when it lands in the
 * cart, and then calls the `__menuProbeDone` binding. The probe must not change the load it
 * times: it looks for the dish only when the page's DOM changes (a MutationObserver), not in a
 * requestAnimationFrame loop, which would make the renderer draw a frame every vsync while React
 * renders in slices (a tenth of the render's time at 4x); and bench code does not poll the page
 * meanwhile (`page.waitForFunction` evaluates Playwright's injected script, about 70 ms at 4x, on
 * the page's main thread in the middle of the load).
 */
export function probe(last: string): void {
  const state: Probe = { present: null, tapped: null, added: null, drawn: null };
  (window as unknown as { __menuProbe: Probe }).__menuProbe = state;
  const finish = () => {
    if (state.added === null || state.drawn === null) return;
    (window as unknown as { __menuProbeDone?: () => void }).__menuProbeDone?.();
  };
  const find = () =>
    Array.from(document.querySelectorAll<HTMLElement>('.dish-button')).find((b) => b.textContent === last);
  const tap = (target: HTMLElement) => {
    state.present = performance.now();
    const count = document.querySelector('.cart-fab-count');
    const done = () => {
      if (state.added === null && count?.textContent === '1') {
        state.added = performance.now();
        finish();
      }
    };
    if (count)
      new MutationObserver(done).observe(count, { childList: true, characterData: true, subtree: true });
    state.tapped = performance.now();
    // A click with detail 0 is what react-aria takes as a virtual press (as from a screen reader).
    target.click();
    done();
    // Queued from this frame's rAF, it runs once the frame's style, layout and paint are done.
    setTimeout(() => {
      state.drawn = performance.now();
      finish();
    }, 0);
  };
  let found = false;
  const watch = new MutationObserver(() => {
    if (found || !document.querySelector('.dish-button')) return;
    const target = find();
    if (!target) return;
    found = true;
    watch.disconnect();
    // Tapped in the first frame after the commit that added it, as soon as a finger could.
    requestAnimationFrame(() => tap(target));
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** Milliseconds of a fixed loop in the page, the best of three: before and after show the slowdown. */
export const spin = () => {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    let x = 0;
    for (let i = 0; i < 10_000_000; i++) x = (x + i * 7) % 1_000_003;
    best = Math.min(best, performance.now() - t0 + (x < 0 ? 1 : 0));
  }
  return best;
};

/**
 * In the page: taps the dish named `name` (a click, as the probe taps) and times it until the
 * frame after the picker's dialog is on the page. Timed in the page, as the menu is: Playwright's
 * own locator and tap, at 4x, cost more than the picker did.
 */
export async function openPicker(name: string): Promise<number> {
  const button = Array.from(document.querySelectorAll<HTMLElement>('.dish-button')).find(
    (b) => b.textContent === name,
  );
  if (!button) return Number.NaN;
  const t0 = performance.now();
  const open = new Promise<void>((resolve) => {
    const watch = new MutationObserver(() => {
      if (!document.querySelector('[role=dialog]')) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  });
  button.click();
  await open;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - t0;
}

/** Resolves when the page's probe calls its binding; rejects after `ms`. */
export async function probeDone(done: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    done,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the menu was not usable within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
