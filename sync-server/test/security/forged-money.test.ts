import { randomUUID } from 'node:crypto';
import {
  calls,
  MAX_CENTS,
  type MenuDish,
  NO_THANKS_LABEL,
  SYNC_HEADERS,
  sendCeilingBreach,
} from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTableKey } from '../../src/ordering/order-quotas.ts';
import {
  type Diner,
  expectRefused,
  FORGED_FIELDS,
  FORGED_NUMBERS,
  forgedLine,
  newDiner,
  sendAs,
  sendKeyed,
  specCardTotal,
  storedLines,
  storedOrder,
  unitPrice,
} from '../../test-support/kits/forged-money.ts';
import { rowOf } from '../../test-support/raw-sql.ts';
import { post } from '../../test-support/test-app.ts';
import { buildTwoVenues, cartOf, type TwoVenues, type VenueWorld } from '../../test-support/two-venues.ts';

/**
 * Forged money on the customer's paths (DESIGN.md "Time and money"): table orders, deliveries and
 * pickups paid at the counter, card orders charged at the fake Stripe. Whatever prices, fees,
 * discounts, totals, option prices and quantities the body says, what is stored and charged is the
 * server's own computation from its menu and the venue's profile (spec 9 card fee, integer cents),
 * or the send is refused with a 4xx and nothing changes.
 */
const SEED = Number(process.env.FORGED_SEED ?? 20_251_111);

let world: TwoVenues;
let a: VenueWorld;
const dish = (name: 'margherita' | 'capricciosa' | 'birra' | 'patatine'): MenuDish => a.dishes[name];
const mk = (label: string) => `${a.marker}${label}`;

beforeAll(async () => {
  world = await buildTwoVenues();
  a = world.a;
  // Room in every slot for the many deliveries below.
  const res = await a.tablet.send(calls.deliverySettingsSet.path, { slotCapacity: 50 });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await world?.close();
});

/** A cart of the venue's dishes: [line, expected unit price, amount]. */
function cart(): Array<[Record<string, unknown>, number, number]> {
  return [
    [cartOf(dish('margherita'), 2, [mk('Maxi')]), unitPrice(dish('margherita'), [mk('Maxi')]), 2],
    [
      cartOf(dish('capricciosa'), 1, [mk('Mozzarella'), mk('Funghi')]),
      unitPrice(dish('capricciosa'), [mk('Mozzarella')]),
      1,
    ],
    [cartOf(dish('birra'), 3), dish('birra').price, 3],
  ];
}

const tableOrder = (body: Record<string, unknown>) =>
  sendKeyed(world, calls.userOrder, { tableId: a.tables.t4, ownerId: a.owner.venueId, ...body }, world.guest);

type OrderAnswer = { lines: Array<{ id: string; price: number; amount: number; name: string }> };

/** The owner removes the table's open order, if any, and its order quota starts afresh. */
async function emptyTable(tableId: string): Promise<void> {
  const open = await rowOf(
    world.t.app,
    sql`SELECT id FROM orders WHERE table_id = ${tableId} AND closed_at IS NULL`,
  );
  if (open) {
    const res = await a.tablet.send(calls.dashboardTableDelete.path, { isDelivery: false, tableId });
    expect(res.statusCode, res.body).toBe(200);
  }
  await world.t.app.quotas.reset(orderTableKey(tableId));
}

/** The answer's lines are stored at the menu's prices and names, and the order has no discount or fee. */
async function expectMenuPrices(answer: OrderAnswer, expected: Array<[number, number, string]>) {
  expect(answer.lines.map((l) => [l.price, l.amount, l.name])).toEqual(expected);
  const row = await rowOf<{ id: string }>(
    world.t.app,
    sql`SELECT order_id AS id FROM order_lines WHERE id = ${answer.lines[0]?.id ?? ''}`,
  );
  const orderId = (row as { id: string }).id;
  expect(await storedOrder(world, orderId)).toMatchObject({ sconto: 0, service_fee: 0 });
  const rows = new Map((await storedLines(world, orderId)).map((l) => [l.id, l]));
  for (const line of answer.lines)
    expect(rows.get(line.id)).toMatchObject({ price: line.price, amount: line.amount });
}

const validCents = (n: unknown) =>
  Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= MAX_CENTS;

describe('a table order: every price from the menu', () => {
  it('forged line, option and selection prices, names and money fields are ignored, or refused when malformed', async () => {
    for (const price of [...FORGED_NUMBERS, '1', null]) {
      const lines = cart();
      const body = { ...FORGED_FIELDS, cart: lines.map(([line]) => forgedLine(line, price, FORGED_FIELDS)) };
      if (!validCents(price)) {
        await expectRefused(world, a, () => tableOrder(body), `price ${price}`);
        continue;
      }
      const res = await tableOrder(body);
      expect(res.statusCode, `price ${price}: ${res.body}`).toBe(200);
      await expectMenuPrices(
        res.json(),
        lines.map(([line, unit, amount]) => [unit, amount, String(line.name)]),
      );
    }
  });

  it('quantities: 0, negative, fractional, above 999, huge or as text are refused, nothing stored', async () => {
    for (const amount of [0, -1, -999, 1.5, 1000, 1e9, 2 ** 53, '2', null]) {
      const line = { ...cartOf(dish('birra'), 1), amount };
      await expectRefused(world, a, () => tableOrder({ cart: [line] }), `amount ${amount}`);
    }
    await expectRefused(
      world,
      a,
      () => tableOrder({ cart: Array(201).fill(cartOf(dish('birra'), 1)) }),
      '201 lines',
    );
  });

  it('made-up, foreign, repeated or missing options are refused; a removed option costs nothing', async () => {
    const margherita = dish('margherita');
    const capricciosa = dish('capricciosa');
    const variant = margherita.variants[0];
    const maxi = variant?.options.find((o) => o.label === mk('Maxi'));
    const mozzarella = capricciosa.variants[0]?.options.find((o) => o.label === mk('Mozzarella'));
    const withSelected = (d: MenuDish, selected: unknown) => ({
      ...cartOf(d, 1),
      variants: d.variants.map((v) => ({ ...v, selected })),
    });
    const refused: Array<[string, unknown]> = [
      ['an option of another dish', withSelected(margherita, mozzarella)],
      ['a made-up option', withSelected(margherita, { id: randomUUID(), label: 'Oro', price: 0 })],
      ['the mandatory choice left out', withSelected(margherita, null)],
      ['two picks in a single choice', withSelected(margherita, [maxi, maxi])],
      ['an option twice', withSelected(capricciosa, [mozzarella, mozzarella])],
      [
        'a variant of another dish',
        { ...cartOf(dish('birra'), 1), variants: [{ ...variant, selected: maxi }] },
      ],
      ['an option at a negative price', withSelected(margherita, { ...maxi, price: -400 })],
      ['a dish that is not on the menu', { ...cartOf(dish('birra'), 1), id: randomUUID() }],
      [
        'an out-of-menu line from a customer',
        {
          id: null,
          name: 'Regalo',
          price: 0,
          amount: 1,
          selected_option: 'bar',
          categoryId: 'out_menu',
          categoryName: 'Fuori menu',
        },
      ],
    ];
    for (const [what, line] of refused)
      await expectRefused(world, a, () => tableOrder({ cart: [line] }), what);
    // 'no, grazie!' options are free on the menu: choosing them adds nothing.
    const res = await tableOrder({ cart: [forgedLine(cartOf(capricciosa, 1, [NO_THANKS_LABEL]), 5000)] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OrderAnswer).lines[0]?.price).toBe(capricciosa.price);
  });

  it('a replay under the same Idempotency-Key with a cheaper cart is refused; the first order stands', async () => {
    const key = { [SYNC_HEADERS.idempotencyKey]: randomUUID() };
    const body = (beers: number) => ({
      tableId: a.tables.t4,
      ownerId: a.owner.venueId,
      cart: [cartOf(dish('birra'), beers)],
    });
    const first = await post(world.t.app, calls.userOrder.path, body(3), world.guest, key);
    expect(first.statusCode, first.body).toBe(200);
    const cheaper = () => post(world.t.app, calls.userOrder.path, body(1), world.guest, key);
    expect((await expectRefused(world, a, cheaper, 'cheaper replay')).code).toBe('CONFLICT');
    const again = await post(world.t.app, calls.userOrder.path, body(3), world.guest, key);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[SYNC_HEADERS.replayed]).toBe('1');
  });

  it('property: any forged cart is stored at the menu prices or refused with nothing stored', async () => {
    const names = ['margherita', 'capricciosa', 'birra', 'patatine'] as const;
    const picksOf = (name: (typeof names)[number], n: number): string[] =>
      name === 'margherita'
        ? [n % 2 ? mk('Maxi') : mk('Normale')]
        : name === 'capricciosa'
          ? [NO_THANKS_LABEL, mk('Funghi'), mk('Mozzarella')].filter((_, i) => (n >> i) & 1)
          : [];
    const line = fc.record({
      name: fc.constantFrom(...names),
      amount: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.constantFrom(0, -1, 1000, 2.5)),
      price: fc.oneof(fc.constantFrom(...FORGED_NUMBERS), fc.integer({ min: -1e6, max: 1e9 })),
      picks: fc.nat(7),
      extras: fc.subarray(Object.keys(FORGED_FIELDS)),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        const body = {
          cart: lines.map((l) => {
            const extra = Object.fromEntries(l.extras.map((k) => [k, FORGED_FIELDS[k]]));
            return forgedLine(
              { ...cartOf(dish(l.name), 1, picksOf(l.name, l.picks)), amount: l.amount },
              l.price,
              extra,
            );
          }),
        };
        const valid = calls.userOrder.body.safeParse({ ...body, tableId: a.tables.t4, ownerId: 'x' }).success;
        if (!valid) {
          await expectRefused(world, a, () => tableOrder(body), 'forged cart');
          return;
        }
        // Each run is a new phone at an emptied table: the order quotas and ceilings are not what
        // this property is about (ordering/order-quotas.test.ts, order-ceilings.test.ts).
        await emptyTable(a.tables.t4);
        const diner = await newDiner(world);
        const send = () =>
          sendAs(world, calls.userOrder, { tableId: a.tables.t4, ownerId: a.owner.venueId, ...body }, diner);
        const expected = lines.map((l): [number, number, string] => [
          unitPrice(dish(l.name), picksOf(l.name, l.picks)),
          l.amount,
          dish(l.name).name,
        ]);
        if (sendCeilingBreach(expected.map(([price, amount]) => ({ price, amount }))) !== null) {
          await expectRefused(world, a, send, 'past an order ceiling');
          return;
        }
        const res = await send();
        expect(res.statusCode, res.body).toBe(200);
        await expectMenuPrices(res.json(), expected);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});

const ORARI = [
  '19:30',
  '19:45',
  '20:00',
  '20:15',
  '20:30',
  '20:45',
  '21:00',
  '21:15',
  '21:30',
  '21:45',
  '22:00',
];
let slot = 0;
function form(tipo: 'Consegna' | 'Ritiro', extra: Record<string, unknown> = {}) {
  return {
    tipo,
    orario: ORARI[slot++ % ORARI.length],
    nome: mk('Cliente'),
    ...(tipo === 'Consegna' ? { indirizzo: 'Via Roma 2', comune: 'Avella' } : {}),
    ownerId: a.owner.venueId,
    cart: cart().map(([line]) => forgedLine(line, 1, FORGED_FIELDS)),
    ...extra,
  };
}
const net = () => cart().reduce((sum, [, unit, amount]) => sum + unit * amount, 0);

describe('a delivery or pickup paid at the counter', () => {
  it('the fee is the profile’s for Consegna and none for Ritiro; forged fees are refused, money fields ignored', async () => {
    for (const tipo of ['Consegna', 'Ritiro'] as const) {
      const fee = tipo === 'Consegna' ? a.prices.fee : 0;
      for (const forged of [0, 1, fee + 1, a.prices.fee * 10].filter((x) => x !== fee)) {
        const refusal = await expectRefused(
          world,
          a,
          () =>
            sendKeyed(world, calls.userOrderDelivery, form(tipo, { costoConsegna: forged }), world.customer),
          `${tipo} costoConsegna ${forged}`,
        );
        expect(refusal.code).toBe('FEE_CHANGED');
      }
      // Every other money field forged; costoConsegna left out (the venue's fee applies) or right.
      const { costoConsegna: _fee, ...forged } = FORGED_FIELDS;
      for (const extra of [{}, { costoConsegna: fee }]) {
        const res = await sendAs(
          world,
          calls.userOrderDelivery,
          form(tipo, { ...forged, ...extra }),
          await newDiner(world),
        );
        expect(res.statusCode, res.body).toBe(200);
        const order = await storedOrder(world, res.json().deliveryId);
        expect(order).toMatchObject({
          costo_consegna: fee,
          service_fee: 0,
          sconto: 0,
          payment_method: 'cassa',
          status_pay: 0,
        });
        const lines = await storedLines(world, res.json().deliveryId);
        expect(lines.reduce((s, l) => s + l.price * l.amount, 0)).toBe(net());
      }
    }
  });
});

describe('a card order at the fake Stripe', () => {
  const card = async (tipo: 'Consegna' | 'Ritiro', extra: Record<string, unknown> = {}, diner?: Diner) =>
    sendAs(
      world,
      calls.createPaymentIntent,
      { ...form(tipo, extra), deliveryId: randomUUID() },
      diner ?? (await newDiner(world)),
    );

  it('charges lines + delivery fee + the spec 9 card fee, whatever totals, fees and account the body says', async () => {
    for (const tipo of ['Consegna', 'Ritiro'] as const) {
      const fee = tipo === 'Consegna' ? a.prices.fee : 0;
      const res = await card(tipo, { ...FORGED_FIELDS, costoConsegna: fee, totalAmount: 50, netAmount: 50 });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      const expectedNet = net() + fee;
      const total = specCardTotal(expectedNet);
      expect(answer.amounts).toEqual({
        netAmount: expectedNet,
        serviceFee: total - expectedNet,
        totalAmount: total,
      });
      expect(world.fake.intents().find((i) => i.id === answer.paymentIntentId)).toMatchObject({
        amount: total,
        currency: 'eur',
        account: a.stripeAccount,
      });
      expect(await storedOrder(world, answer.deliveryId)).toMatchObject({
        costo_consegna: fee,
        service_fee: total - expectedNet,
        sconto: 0,
        payment_method: 'carta',
        status_pay: 0,
        accettato: 0,
      });
    }
  });

  it('the spec 9 fee, for every cart size: what Stripe charges is what the order stores', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 40 }),
        async (beers, fries) => {
          const cartLines = [
            cartOf(dish('birra'), beers),
            ...(fries ? [cartOf(dish('patatine'), fries)] : []),
          ];
          const res = await card('Ritiro', { cart: cartLines.map((l) => forgedLine(l, 0)) });
          expect(res.statusCode, res.body).toBe(200);
          const expectedNet = beers * dish('birra').price + fries * dish('patatine').price;
          const intent = world.fake.intent(res.json().paymentIntentId);
          expect(intent?.amount).toBe(specCardTotal(expectedNet));
          expect((await storedOrder(world, res.json().deliveryId))?.service_fee).toBe(
            specCardTotal(expectedNet) - expectedNet,
          );
        },
      ),
      { seed: SEED, numRuns: 15 },
    );
  });

  it('a total beyond what a card may pay is a clear 400 with nothing stored and nothing charged', async () => {
    const huge = Array(101).fill(cartOf(dish('margherita'), 999, [mk('Maxi')]));
    const before = world.fake.intents().length;
    const refusal = await expectRefused(world, a, () => card('Ritiro', { cart: huge }), 'a million euro');
    expect(refusal.code).toBe('VALIDATION');
    expect(world.fake.intents()).toHaveLength(before);
  });

  it('a confirmation names its own order’s intent: another order’s paid intent marks nothing paid', async () => {
    // One diner's two orders: the resend is its own, so only the intent is wrong.
    const diner = await newDiner(world);
    const cheap = (await card('Ritiro', { cart: [cartOf(dish('birra'), 1)] }, diner)).json();
    await world.fake.confirm(cheap.paymentIntentId);
    const dear = (
      await card('Ritiro', { cart: [cartOf(dish('margherita'), 9, [mk('Maxi')])] }, diner)
    ).json();
    const resend = { ...form('Ritiro'), deliveryId: dear.deliveryId, paymentIntentId: cheap.paymentIntentId };
    const refusal = await expectRefused(
      world,
      a,
      () => sendAs(world, calls.userOrderDelivery, resend, diner),
      "another order's intent",
    );
    expect(refusal.code).toBe('CONFLICT');
    expect((await storedOrder(world, dear.deliveryId))?.status_pay).toBe(0);
    const status = await post(
      world.t.app,
      calls.paymentStatus.path,
      { ownerId: a.owner.venueId, paymentIntentId: dear.paymentIntentId },
      world.customer,
    );
    expect(status.json()).toMatchObject({ statusPay: 0, paymentStatus: 'unpaid' });
  });
});
