/**
 * What the build tells the first script of the page (`prefetch.ts`), as JSON in `index.html`
 * (`src/build/table-prefetch.ts`): the paths of the calls it may send, and the table screens'
 * script and style files. Its two constants are read by the build and by that script only; the
 * API client imports nothing but types from here, so the script stays out of the first bundle.
 */

/**
 * The calls of a table's first visit that the app finds answered before it starts (their names in
 * the contract): the session check, the table's four checks and the menu, and on a first scan (no
 * session yet) the guest login the guard would make (`GUEST_LOGIN`); and `userTableFirst`, the one
 * request of the page's first script that asks them all.
 */
export const PREFETCH_CALLS = [
  'userTableFirst',
  'userAuthenticate',
  'verifyBusinessId',
  'userIsValidTable',
  'userOrderEnabledGet',
  'userClosedStatusGet',
  'userMenuGet',
  'userLogin',
] as const;

/**
 * The guest login's body, as the guard sends it (`enterAsGuest` in app/guards.ts, which cannot
 * import it: the first script would then share a chunk with the app; `prefetch.test.ts` holds them equal).
 */
export const GUEST_LOGIN = { isAnonymus: true } as const;

export type PrefetchCall = (typeof PREFETCH_CALLS)[number];

export interface PrefetchPlan {
  /** POST path of each call (the first script sends only `userTableFirst`; the others key its parts). */
  paths: Record<PrefetchCall, string>;
  /** The table screens' chunks (not the first bundle, which is already on its way). */
  scripts: string[];
  styles: string[];
}

/** The `<script type="application/json">` holding the plan. */
export const PREFETCH_PLAN_ID = 'comanda-prefetch';

/**
 * The answers the prefetch script asked for, left for the API client on the page's global object
 * (two chunks with no import between them: the client must not pull this script into the first
 * bundle, nor the script the first bundle into itself).
 */
export interface Prefetched {
  /**
   * The answer to this very request (same method, address and body bytes), if it was asked for
   * at most `maxAgeMs` ago: each answer once, in the order they were sent (a first scan asks the
   * table's checks twice, before and after the guest login).
   */
  take(method: string, url: string, body: string, maxAgeMs: number): Promise<Response> | undefined;
}

export interface PrefetchGlobal {
  __comandaPrefetched?: Prefetched;
}
