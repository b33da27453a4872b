import { randomUUID } from 'node:crypto';
import { type CallDef, calls, MAX_CENTS, type MenuDish, SYNC_HEADERS, t } from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollution, prototypeSnapshot } from '../../test-support/fuzz/checks.ts';
import { type FuzzReport, HttpFuzzer } from '../../test-support/fuzz/http-fuzz.ts';
import { createFuzzWorld } from '../../test-support/fuzz/world.ts';
import { cartLineOf, column } from '../../test-support/fuzz/world-data.ts';
import type { World } from '../../test-support/fuzz/world-shape.ts';

/**
 * Property-based fuzzing of every registered route ("Bad input"): bodies generated from
 * each call's request schema (GET: query strings), sent valid or mutated (wrong types, missing and
 * extra fields, huge strings, deep nesting, NaN/Infinity/-0 as raw JSON text, edge numbers,
 * unicode edge cases, prototype-pollution keys, arrays for objects, empty and non-JSON bodies,
 * wrong content types) as the owner, a customer and nobody, in a venue with real rooms, tables,
 * menu, orders, deliveries, a card payment and chat; and owner mutations in push batches.
 *
 * Every answer is under 500; every refusal is the one envelope with an Italian text and leaves
 * every table (but the sync core's stored answers and the sessions, see FINGERPRINT_EXCLUDED)
 * byte-for-byte as it was; Object.prototype and friends are untouched after the run.
 *
 * FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> changes the cases per route (the soak uses more).
 * `bad-bodies.test.ts` stays: it pins the exact texts of BAD_JSON, VALIDATION and 413.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_101);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const PUSH_RUNS = Number(process.env.FUZZ_PUSH_RUNS ?? 120);

function describeFailures(report: FuzzReport): string {
  const lines = report.failures
    .slice(0, 25)
    .map((f) => `- ${f.route} [${f.who}, ${f.kind}] ${f.status}: ${f.problem}\n    request: ${f.request}`);
  return `fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${report.failures.length} failures:\n${lines.join('\n')}`;
}

describe('fuzzing every route', () => {
  let world: World;
  beforeAll(async () => {
    world = await createFuzzWorld();
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('registers every call of shared-schema, so the fuzzer reaches all of them', () => {
    const registered = new Set(world.app.registeredCalls.map((c) => `${c.method} ${c.path}`));
    const missing = Object.entries(calls as Record<string, CallDef>)
      .filter(([, def]) => !registered.has(`${def.method} ${def.path}`))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    expect(world.app.registeredCalls.length).toBeGreaterThanOrEqual(Object.keys(calls).length);
  });

  // What the fuzzer found, pinned: each was a 5xx before its fix.
  it('refuses the bodies that used to fail with a 4xx and writes nothing', async () => {
    await world.refresh();
    const guest = world.cookie('customer') as string;
    const before = await world.tableHashes();
    const deep = `{"ownerId":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    // 1. A body too deep to serialise, with an Idempotency-Key (sync-core hashed it: RangeError).
    const nested = await world.app.inject({
      method: 'POST',
      url: calls.userOrder.path,
      headers: {
        cookie: guest,
        'content-type': 'application/json',
        [SYNC_HEADERS.idempotencyKey]: randomUUID(),
      },
      payload: deep,
    });
    expect(nested.statusCode, nested.body).toBe(400);
    // 2. A customer's mutation with device ids naming a venue that does not exist (the stored
    //    refusal bound the device to it: foreign key failure, 503 for ever).
    const table = (
      await column(
        world.app,
        sql`SELECT id FROM tables WHERE business_id = ${world.venueId} ORDER BY number LIMIT 1`,
      )
    )[0] as string;
    const cart = [cartLineOf(world.menu[0] as MenuDish, 1, false)];
    const unknownVenue = await world.app.inject({
      method: 'POST',
      url: calls.userOrder.path,
      headers: { cookie: guest, [SYNC_HEADERS.clientId]: randomUUID(), [SYNC_HEADERS.mutationId]: '1' },
      payload: { cart, tableId: table, ownerId: 'nessun-locale' },
    });
    expect(unknownVenue.statusCode, unknownVenue.body).toBe(404);
    expect(unknownVenue.headers[SYNC_HEADERS.judged]).toBe('1');
    // 3. A card order adding up beyond 1.000.000,00 € (cardCharge threw: 503). Now refused by
    //    the order ceilings (shared-schema rules/order-ceilings.ts) before any amount is charged.
    const dish = [...world.menu].sort((a, b) => b.price - a.price)[0] as MenuDish;
    const lines = Math.ceil(MAX_CENTS / (999 * dish.price)) + 1;
    const huge = await world.app.inject({
      method: 'POST',
      url: calls.createPaymentIntent.path,
      headers: { cookie: guest },
      payload: {
        tipo: 'Ritiro',
        primaPossibile: true,
        nome: 'Lucia',
        cart: Array.from({ length: lines }, () => cartLineOf(dish, 999, false)),
        ownerId: world.venueId,
        deliveryId: randomUUID(),
      },
    });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().error).toMatch(/^Ordine troppo grande/);
    const changed = Object.entries(await world.tableHashes()).filter(([k, v]) => before[k] !== v);
    expect(changed.map(([k]) => k)).toEqual([]);

    // 4. A dish at the largest price with a paid option: the line's price passed the wire's
    //    Cents bound and the answer broke its schema (500). Now a dish_error, nothing stored.
    const owner = world.cookie('owner') as string;
    const categoryId = world.pools.category[0] as string;
    const added = await world.app.inject({
      method: 'POST',
      url: calls.ownerDishAdd.path,
      headers: { cookie: owner },
      payload: {
        name: 'Tartufo intero',
        price: MAX_CENTS,
        categoryId,
        variants: [{ name: 'Formato', multi: 0, position: 0, options: [{ label: 'Grande', price: 100 }] }],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    await world.refresh();
    const truffle = world.menu.find((d) => d.name === 'Tartufo intero') as MenuDish;
    const hashes = await world.tableHashes();
    const order = await world.app.inject({
      method: 'POST',
      url: calls.userOrder.path,
      headers: { cookie: world.cookie('customer') as string },
      payload: { cart: [cartLineOf(truffle, 1, true)], tableId: table, ownerId: world.venueId },
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json()).toMatchObject({ code: 'dish_error', error: t.linePriceTooHigh });
    const after = await world.tableHashes();
    expect(Object.keys(after).filter((k) => after[k] !== hashes[k])).toEqual([]);
  });

  it('answers every generated and mutated body under 500, refusals with the envelope and no write', async () => {
    const protoBefore = prototypeSnapshot();
    const started = Date.now();
    const fuzzer = new HttpFuzzer(world, { seed: SEED, runs: RUNS, pushRuns: PUSH_RUNS });
    const report = await fuzzer.run(world.app.registeredCalls);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const total = Object.values(report.cases).reduce((a, b) => a + b, 0);
    console.log(
      `fuzz seed ${SEED}: ${total} cases over ${Object.keys(report.cases).length} routes in ${seconds} s ` +
        `(${RUNS} per route, ${PUSH_RUNS} push batches); ${report.messages.size} distinct refusal texts`,
    );

    expect(report.failures, describeFailures(report)).toEqual([]);
    expect(report.serverErrors).toBe(0);
    // Every route got its cases, and valid bodies reached past validation somewhere.
    for (const def of world.app.registeredCalls) expect(report.cases[def.path], def.path).toBe(RUNS);
    expect(report.cases[`${calls.push.path}#batch`]).toBe(PUSH_RUNS);
    const succeeded = Object.values(report.classes).reduce((n, c) => n + (c['2xx'] ?? 0), 0);
    expect(succeeded).toBeGreaterThan(total / 10);
    expect(pollution(protoBefore)).toEqual([]);
  }, 240_000);
});
