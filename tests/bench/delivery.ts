// `npm run bench -- delivery`: POST /api/reservation/user/orderDelivery on embedded SQLite with 50
// concurrent clients sending for ever new diners (a guest session and address each, fetch, a fresh
// Idempotency-Key per send) competing for the 20
// slots of the demo venue's delivery window, each slot taking CAPACITY orders. Every customer
// picks a random slot it still believes free, sends a 3-line consegna, and drops that slot on
// 'SLOT_TAKEN', until it believes none is left. Figures: orders stored per second (median of the
// rounds), refused sends, and slots holding more orders than their capacity (the budget: 0).

import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { dinerAddress, guestCookie, postJson, threeLineCart } from '../support/guest-orders.ts';
import { repoRoot } from '../support/server.ts';
import { percentile, report, round } from './report.ts';

const CLIENTS = 50;
const SLOTS = 20;
const CAPACITY = 50;
const ROUNDS = 3;

type Message = {
  type: string;
  port?: number;
  businessId?: string;
  slots?: Array<{ orario: string; n: number }>;
};

function startChild(): Promise<{ child: ChildProcess; port: number; businessId: string }> {
  const child = fork(join(repoRoot, 'tests', 'bench', 'delivery-server.ts'), [String(CAPACITY)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`delivery bench child exited: ${code}`)));
    child.once('message', (m: Message) =>
      resolve({ child, port: m.port ?? 0, businessId: m.businessId ?? '' }),
    );
  });
}

/** Sends a message to the child and waits for its answer of the same type. */
function ask(child: ChildProcess, type: string): Promise<Message> {
  return new Promise((resolve) => {
    const onMessage = (m: Message) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

interface Round {
  stored: number;
  refused: number;
  errors: number;
  firstError: string | null;
  ms: number;
  latencies: number[];
}

/** A diner: their own guest session and address. */
interface Diner {
  cookie: string;
  address: string;
}

async function race(base: string, businessId: string, diners: Diner[], cart: unknown[]): Promise<Round> {
  const options = await postJson(
    `${base}${calls.userDeliveryOptions.path}`,
    { ownerId: businessId },
    { cookie: diners[0]?.cookie ?? '', 'x-forwarded-for': diners[0]?.address ?? '' },
  );
  const { slots } = (
    (await options.json()) as { result: { slots: { asap: string[] | null; selectable: string[] } } }
  ).result;
  const offered = [...(slots.asap ?? []), ...slots.selectable];
  if (offered.length !== SLOTS)
    throw new Error(`expected ${SLOTS} slots, the venue offers ${offered.length}`);
  const url = `${base}${calls.userOrderDelivery.path}`;
  const result: Round = { stored: 0, refused: 0, errors: 0, firstError: null, ms: 0, latencies: [] };
  // Each stored order is another diner's (a diner holds at most a pending order or two), so a
  // client takes the next diner from the queue after each success.
  let nextDiner = 0;
  const customer = async (client: number) => {
    const free = [...offered];
    let sent = 0;
    let diner = diners[nextDiner++] ?? { cookie: '', address: '' };
    while (free.length > 0) {
      const pick = Math.floor(Math.random() * free.length);
      const orario = free[pick] ?? '';
      const body = {
        tipo: 'Consegna',
        orario,
        nome: `Cliente ${client}`,
        telefono: '3331234567',
        indirizzo: 'Via Roma 1',
        comune: 'Avella',
        costoConsegna: 250,
        cart,
        ownerId: businessId,
      };
      const t0 = performance.now();
      const res = await postJson(url, body, {
        cookie: diner.cookie,
        'x-forwarded-for': diner.address,
        [SYNC_HEADERS.idempotencyKey]: `delivery-${client}-${++sent}-${randomUUID()}`,
      });
      const answer = (await res.json()) as { code?: string };
      if (res.ok) {
        result.stored += 1;
        result.latencies.push(performance.now() - t0);
        diner = diners[nextDiner++] ?? diner;
      } else if (answer.code === 'SLOT_TAKEN') {
        result.refused += 1;
        free.splice(pick, 1);
      } else {
        result.errors += 1;
        result.firstError ??= `${res.status} ${JSON.stringify(answer).slice(0, 200)}`;
        if (result.errors > 100) return;
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => customer(i)));
  result.ms = performance.now() - start;
  return result;
}

export async function benchDelivery(): Promise<void> {
  const { child, port, businessId } = await startChild();
  const rounds: Round[] = [];
  let overCapacity = 0;
  let storedTotal = 0;
  let storedInDb = 0;
  try {
    const base = `http://127.0.0.1:${port}`;
    // Enough diners for a round (every order a different diner, from their own address; the
    // server trusts the bench as its proxy); a reset between rounds leaves none pending.
    const diners: Diner[] = [];
    for (let n = 1; n <= SLOTS * CAPACITY + CLIENTS; n++) {
      const address = dinerAddress(n);
      diners.push({ cookie: await guestCookie(base, { 'x-forwarded-for': address }), address });
    }
    const cart = await threeLineCart(base, businessId, diners[0]?.cookie ?? '');
    for (let i = 0; i < ROUNDS; i++) {
      await ask(child, 'reset');
      const r = await race(base, businessId, diners, cart);
      rounds.push(r);
      storedTotal += r.stored;
      const slots = (await ask(child, 'count')).slots ?? [];
      overCapacity += slots.filter((s) => s.n > CAPACITY).length;
      storedInDb += slots.reduce((n, s) => n + s.n, 0);
    }
  } finally {
    await stopChild(child);
  }

  const errors = rounds.reduce((n, r) => n + r.errors, 0);
  if (errors > 0) {
    process.stderr.write(
      `delivery bench: ${errors} failed requests, first: ${rounds.find((r) => r.firstError)?.firstError}\n`,
    );
  }
  const perSecond = rounds.map((r) => r.stored / (r.ms / 1000)).sort((a, b) => a - b);
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const bench = 'delivery';
  report({ bench, metric: 'clients', value: CLIENTS, unit: 'connections' });
  report({ bench, metric: 'slots', value: SLOTS, unit: 'slots' });
  report({ bench, metric: 'slot_capacity', value: CAPACITY, unit: 'orders' });
  report({ bench, metric: 'orders_stored', value: storedTotal, unit: 'orders' });
  report({
    bench,
    metric: 'orders_per_second',
    value: round(percentile(perSecond, 50), 0),
    unit: 'orders/s',
  });
  report({ bench, metric: 'order_p50', value: round(percentile(latencies, 50)), unit: 'ms' });
  report({ bench, metric: 'order_p99', value: round(percentile(latencies, 99)), unit: 'ms' });
  report({
    bench,
    metric: 'slot_taken_refusals',
    value: rounds.reduce((n, r) => n + r.refused, 0),
    unit: 'requests',
  });
  report({ bench, metric: 'errors', value: errors, unit: 'requests' });
  report({
    bench,
    metric: 'slots_over_capacity',
    value: overCapacity,
    unit: 'slots',
    budget: 0,
    ok:
      overCapacity === 0 &&
      storedInDb === storedTotal &&
      storedTotal === ROUNDS * SLOTS * CAPACITY &&
      errors === 0,
  });
}
