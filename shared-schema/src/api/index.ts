import { syncCalls } from '../sync.ts';
import { accountCalls } from './accounts.ts';
import { chatCalls } from './chat.ts';
import { dashboardCalls } from './dashboard.ts';
import { deliveryCalls } from './delivery.ts';
import { menuOwnerCalls } from './menu-owner.ts';
import { orderingCalls } from './ordering-menu.ts';
import { paymentCalls } from './payment.ts';
import { printerCalls } from './printer.ts';
import { profileCalls } from './profile.ts';
import { reportCalls } from './reports.ts';
import { roomsTablesCalls } from './rooms-tables.ts';

// The report schemas and range rule, for the server and the report screen.
export * from './reports.ts';

/**
 * Every call of spec section 7, merged into one typed map. Feature files add their calls; the
 * server registers handlers by key and the client calls by key, so a path lives in one place.
 */
export const calls = {
  ...accountCalls,
  ...syncCalls,
  ...orderingCalls,
  ...paymentCalls,
  ...chatCalls,
  ...dashboardCalls,
  ...deliveryCalls,
  ...printerCalls,
  ...roomsTablesCalls,
  ...menuOwnerCalls,
  ...profileCalls,
  ...reportCalls,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;

/** Names of the owner mutations: the calls the outbox sends and the sync core wraps. */
export const mutationCallNames = (Object.keys(calls) as CallName[]).filter(
  (name) => calls[name].mutation === true,
);
