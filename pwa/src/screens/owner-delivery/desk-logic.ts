import {
  isCardCheckout,
  isDeliveryOrder,
  lineKey,
  type OrderRow,
  type OrderTotals,
  orderBill,
  type ReservationLine,
  romeTime,
  sortTickets,
  t,
} from '@comanda/shared-schema';

/** One delivery or pickup as the desk draws it: the order row, its lines and its money. */
export interface DeskEntry {
  order: OrderRow;
  key: string;
  lines: ReservationLine[];
  openedAt: number;
  /**
   * Cents, by the one rule of the order view and the history (shared-schema `orderBill`): lines
   * (owner-deleted ones count 0), the fee (consegna only), the card service fee (card orders,
   * spec 9), the discount; NUOVO TOTALE is what the customer pays.
   */
  totals: OrderTotals;
}

export interface DeskData {
  /** Awaiting the owner's decision (accettato 0), oldest first. */
  pending: DeskEntry[];
  /** Accepted (null counts as accepted, spec 3), still open, of today's service; oldest first. */
  accepted: DeskEntry[];
  /**
   * Card checkouts not paid yet (spec 4; shared-schema rules/card-checkout.ts), oldest first:
   * shown apart, for information only; each joins `pending` once its payment succeeds.
   */
  checkouts: DeskEntry[];
}

/**
 * The service day an instant belongs to, on Rome's clock: an evening service runs past midnight
 * (spec 9: the hours 0 to 3 sort after the evening), so 01:30 still belongs to the day before.
 */
export function serviceDay(instant: number | string): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  return romeTime(ms - 4 * 60 * 60_000).date;
}

const compareNames = new Intl.Collator('it').compare;

function parseInstant(value: string | undefined): number {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : 0;
}

function entryOf(order: OrderRow, lines: ReservationLine[]): DeskEntry {
  return {
    order,
    key: order.id,
    // The wire has no line sequence: by name, so the list reads the same on every device.
    lines: [...lines].sort((a, b) => compareNames(a.name, b.name) || a.id.localeCompare(b.id)),
    openedAt: parseInstant(order.createdAt),
    totals: orderBill(order, lines),
  };
}

/**
 * The desk's lists from the device's orders and lines. An accepted delivery is 'today's'
 * when it was opened on the service day of `now` (an order with no date is kept: better shown
 * than lost); one left open from an earlier day stays on the dashboard, not here.
 */
export function buildDesk(
  orders: readonly OrderRow[],
  lines: readonly ReservationLine[],
  now: number,
): DeskData {
  const byKey = new Map<string, ReservationLine[]>();
  for (const line of lines) {
    const key = lineKey(line);
    if (key === null) continue;
    const list = byKey.get(key);
    if (list) list.push(line);
    else byKey.set(key, [line]);
  }
  const today = serviceDay(now);
  const pending: DeskEntry[] = [];
  const accepted: DeskEntry[] = [];
  const checkouts: DeskEntry[] = [];
  for (const order of orders) {
    if (!isDeliveryOrder(order)) continue;
    const entry = entryOf(order, byKey.get(order.id) ?? []);
    if (isCardCheckout(order)) checkouts.push(entry);
    else if (order.accettato === 0) pending.push(entry);
    else if (!entry.openedAt || serviceDay(entry.openedAt) === today) accepted.push(entry);
  }
  return {
    pending: sortTickets(pending),
    accepted: sortTickets(accepted),
    checkouts: sortTickets(checkouts),
  };
}

/** A card payment has a payment intent; anything else is paid at the counter or on delivery. */
export function paymentMethodLabel(order: Pick<OrderRow, 'paymentIntentId'>): string {
  return order.paymentIntentId ? t.paymentMethodCard : t.paymentMethodCash;
}

/**
 * A card order's payment as the server knows it (set by Stripe's webhook and the
 * customer's return page, reset if a refund had to be kept): 'Carta: pagato' or 'Carta: in attesa
 * di pagamento'. Null for cassa, whose status the owner sets by hand.
 */
export function cardPayStatus(order: Pick<OrderRow, 'paymentIntentId' | 'statusPay'>): {
  paid: boolean;
  label: string;
} | null {
  if (!order.paymentIntentId) return null;
  const paid = order.statusPay === 1;
  return { paid, label: paid ? t.cardPaidStatus : t.cardAwaitingPayment };
}
