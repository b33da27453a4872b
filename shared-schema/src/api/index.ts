import { syncCalls } from '../sync.ts';
import { accountCalls } from './accounts.ts';

/**
 * Every call of spec section 7, merged into one typed map. Feature files add their calls; the
 * server registers handlers by key and the client calls by key, so a path lives in one place.
 */
export const calls = {
  ...accountCalls,
  ...syncCalls,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
