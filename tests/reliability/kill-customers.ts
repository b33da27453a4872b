import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import type { Rng } from '../sync/mutations.ts';
import { codeOf, postUntilAnswered, type Seen, sleep, type Upstream } from './kill-http.ts';
import type { Venue } from './kill-venue.ts';

/** One order a phone sent, with the answer it finally got (every send is retried until then). */
export interface OrderSend {
  customer: number;
  kind: 'table' | 'delivery';
  key: string;
  body: Record<string, unknown>;
  status: number;
  code: string | null;
  answer: unknown;
  tries: number;
  /** The answer was the stored one: an earlier try was applied and its answer lost. */
  replayed: boolean;
  /** The line ids the success answer lists (a table send's new lines, a delivery's lines). */
  lineIds: string[];
}

/** What the loop's clients learned from success answers, for the tablets to act on. */
export interface Knowledge {
  customerLines: string[];
  deliveries: string[];
}

/** What every client of a run shares (each client has its own way to the server: an Upstream). */
export interface ClientContext {
  venue: Venue;
  seen: Seen;
  knowledge: Knowledge;
  /** One more request answered for good (a send, or a mutation judged). */
  progress(): void;
  /** Set when the loop gives up (a deadline): clients stop retrying. */
  stopped(): boolean;
  /** Share of tries a client abandons after a few milliseconds (a dropped connection). */
  abandonRate: number;
}

/** Milliseconds after which this try is abandoned, or null: drawn for each try. */
export const abandonDraw = (ctx: ClientContext, timing: Rng) => (): number | null =>
  timing.chance(ctx.abandonRate) ? 1 + timing.int(25) : null;

/** Retry pause of the loop's clients: short, jittered, so a restart is hit by a spread of tries. */
export const retryPause = (timing: Rng) => (attempt: number) =>
  Math.min(400, 40 * attempt) / 2 + timing.int(Math.min(400, 40 * attempt) / 2 + 1);

function cart(rng: Rng, venue: Venue): Array<Record<string, unknown>> {
  const n = 1 + rng.int(3);
  return Array.from({ length: n }, () => ({ ...rng.pick(venue.dishes), amount: 1 + rng.int(3) }));
}

/** A table send, as the table's menu posts it (the body frozen for every retry). */
function tableOrder(rng: Rng, venue: Venue): Record<string, unknown> {
  return { cart: cart(rng, venue), tableId: rng.pick(venue.tableIds), ownerId: venue.businessId };
}

/** A consegna or ritiro, cassa, 'Prima possibile' or a chosen slot, with the client's deliveryId. */
function deliveryOrder(rng: Rng, venue: Venue, customer: number): Record<string, unknown> {
  const consegna = rng.chance(0.6);
  const asap = rng.chance(0.5) || venue.selectable.length === 0;
  return {
    tipo: consegna ? 'Consegna' : 'Ritiro',
    ...(asap ? { primaPossibile: true } : { orario: rng.pick(venue.selectable) }),
    nome: `Cliente ${customer}`,
    telefono: '3331234567',
    ...(consegna ? { indirizzo: 'Via Roma 1', comune: rng.pick(venue.deliveryCities) } : {}),
    costoConsegna: consegna ? venue.fee : 0,
    cart: cart(rng, venue),
    ownerId: venue.businessId,
    deliveryId: rng.uuid(),
  };
}

/**
 * One customer phone: `sends` orders one after another (table or delivery), each with its own
 * Idempotency-Key, resent with the same key and bytes until the server answers it.
 */
export async function runCustomer(
  ctx: ClientContext,
  customer: number,
  cookie: string,
  sends: number,
  rng: Rng,
  timing: Rng,
  out: OrderSend[],
  upstream: Upstream,
): Promise<void> {
  for (let i = 0; i < sends; i++) {
    await sleep(timing.int(60));
    const kind = rng.chance(0.5) ? 'table' : 'delivery';
    out.push(await sendOrder(ctx, { customer, cookie, kind, rng, timing, upstream }));
    ctx.progress();
  }
}

/** One order of a phone, sent until answered; what it was told (also the orders' knowledge). */
export async function sendOrder(
  ctx: ClientContext,
  phone: {
    customer: number;
    cookie: string;
    kind: 'table' | 'delivery';
    rng: Rng;
    timing: Rng;
    upstream: Upstream;
  },
): Promise<OrderSend> {
  const { customer, cookie, kind, rng, timing, upstream } = phone;
  const body = kind === 'table' ? tableOrder(rng, ctx.venue) : deliveryOrder(rng, ctx.venue, customer);
  const key = `kill-${rng.uuid()}`;
  const path = kind === 'table' ? calls.userOrder.path : calls.userOrderDelivery.path;
  const res = await postUntilAnswered(
    { upstream, path },
    body,
    { cookie, [SYNC_HEADERS.idempotencyKey]: key },
    ctx.seen,
    retryPause(timing),
    ctx.stopped,
    abandonDraw(ctx, timing),
  );
  let lineIds: string[] = [];
  if (res.status === 200) {
    const answer = res.body as {
      lines?: Array<{ id: string }>;
      table?: { reservations: Array<{ id: string }> };
    };
    lineIds = (kind === 'table' ? answer.lines : answer.table?.reservations)?.map((l) => l.id) ?? [];
    if (kind === 'table') ctx.knowledge.customerLines.push(...lineIds);
    else ctx.knowledge.deliveries.push(String(body.deliveryId));
  }
  return {
    customer,
    kind,
    key,
    body,
    status: res.status,
    code: codeOf(res.body),
    answer: res.body,
    tries: res.tries,
    replayed: res.headers.get(SYNC_HEADERS.replayed) === '1',
    lineIds,
  };
}
