// `npm run bench -- delivery`: POST /api/reservation/user/orderDelivery on embedded SQLite with 50
// concurrent customers (guest sessions, fetch, a fresh Idempotency-Key each) competing for the 20
// slots of the demo venue's delivery window, each slot taking CAPACITY orders. Every customer
// picks a random slot it still believes free, sends a 3-line consegna, and drops that slot on
// 'SLOT_TAKEN', until it believes none is left. Figures: orders stored per second (median of the
// rounds), refused sends, and slots holding more orders than their capacity (the budget: 0).

import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { calls, type MenuDish, SYNC_HEADERS } from '@comanda/shared-schema';
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

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function guestCookie(base: string): Promise<string> {
  const res = await postJson(`${base}${calls.userLogin.path}`, { isAnonymus: true });
  if (!res.ok) throw new Error(`guest login failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** One dish with its mandatory choice made and two plain ones, as the PWA sends them. */
async function threeLineCart(base: string, businessId: string, cookie: string): Promise<unknown[]> {
  const res = await postJson(`${base}${calls.userMenuGet.path}`, { businessId }, { cookie });
  const dishes = ((await res.json()) as { data: MenuDish[] }).data;
  const withChoice = dishes.find((d) => d.variants.some((v) => v.multi === 0));
  const plain = dishes.filter((d) => d.variants.length === 0).slice(0, 2);
  if (!withChoice || plain.length < 2) throw new Error('the demo menu lacks the dishes this bench orders');
  return [withChoice, ...plain].map((dish, i) => ({
    ...dish,
    amount: i + 1,
    variants: dish.variants.map((v) => ({ ...v, selected: v.multi === 0 ? (v.options[0] ?? null) : [] })),
  }));
}

interface Round {
  stored: number;
  refused: number;
  errors: number;
  firstError: string | null;
  ms: number;
  latencies: number[];
}

async function race(base: string, businessId: string, cookies: string[], cart: unknown[]): Promise<Round> {
  const options = await postJson(
    `${base}${calls.userDeliveryOptions.path}`,
    { ownerId: businessId },
    {
      cookie: cookies[0] ?? '',
    },
  );
  const { slots } = (
    (await options.json()) as { result: { slots: { asap: string[] | null; selectable: string[] } } }
  ).result;
  const offered = [...(slots.asap ?? []), ...slots.selectable];
  if (offered.length !== SLOTS)
    throw new Error(`expected ${SLOTS} slots, the venue offers ${offered.length}`);
  const url = `${base}${calls.userOrderDelivery.path}`;
  const result: Round = { stored: 0, refused: 0, errors: 0, firstError: null, ms: 0, latencies: [] };
  const customer = async (client: number) => {
    const free = [...offered];
    let sent = 0;
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
        cookie: cookies[client] ?? '',
        [SYNC_HEADERS.idempotencyKey]: `delivery-${client}-${++sent}-${randomUUID()}`,
      });
      const answer = (await res.json()) as { code?: string };
      if (res.ok) {
        result.stored += 1;
        result.latencies.push(performance.now() - t0);
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
    const cookies = await Promise.all(Array.from({ length: CLIENTS }, () => guestCookie(base)));
    const cart = await threeLineCart(base, businessId, cookies[0] ?? '');
    for (let i = 0; i < ROUNDS; i++) {
      await ask(child, 'reset');
      const r = await race(base, businessId, cookies, cart);
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
