import { randomUUID } from 'node:crypto';
import {
  type CallDef,
  ClientGeneratedId,
  calls,
  Id,
  PaymentIntentId,
  StripeAccountId,
  syncCalls,
  type TableOrder,
} from '@comanda/shared-schema';
import { post } from '../test-app.ts';
import { ID_KINDS, type IdKind, type TwoVenues, type VenueWorld } from '../two-venues.ts';
import { type Attacker, OWNER_CALL_TABLE, type Slot, type Template, VIA_PUSH, withValue } from './calls.ts';
import { type Expect, Judge, seeded, send, syncHeaders } from './judge.ts';

/**
 * The tenant isolation matrix over HTTP: owner A sends every owner call with owner B's
 * ids in each id-typed field, on the call's own endpoint and through `POST /api/sync/push`, and
 * with B's device client id; B's rows never change and none of B's data comes back.
 */

export interface MatrixOptions {
  seed: number;
  /** 'sample': every victim id of the slot's kind plus one of each other kind; 'all': every id. */
  mismatched: 'sample' | 'all';
  /** Extra bodies per template with several slots filled at once with random victim ids (soak). */
  combos?: number;
}

const allCalls = calls as unknown as Record<string, CallDef>;

/** Owner calls of shared-schema, by name; the table and the registered routes must match it. */
export function ownerCallNames(): string[] {
  return Object.entries(allCalls)
    .filter(([, def]) => def.access === 'owner')
    .map(([name]) => name)
    .sort();
}

/** Problems with the matrix's coverage: a call missing from the table or from the app. */
export function coverageProblems(world: TwoVenues): string[] {
  const names = ownerCallNames();
  const problems: string[] = [];
  const table = Object.keys(OWNER_CALL_TABLE).sort();
  for (const n of names) if (!table.includes(n)) problems.push(`owner call ${n} has no row in the table`);
  for (const n of table) if (!names.includes(n)) problems.push(`table row ${n} is not an owner call`);
  const registered = new Set(
    world.t.app.registeredCalls.filter((d) => d.access === 'owner').map((d) => `${d.method} ${d.path}`),
  );
  const declared = new Set(names.map((n) => `${allCalls[n]?.method} ${allCalls[n]?.path}`));
  for (const r of registered) if (!declared.has(r)) problems.push(`registered owner route ${r} not in calls`);
  for (const d of declared) if (!registered.has(d)) problems.push(`owner call ${d} not registered`);
  return problems;
}

/** The schemas of shared-schema that name an entity (a venue, a table, a payment...). */
const ID_SCHEMAS: ReadonlySet<unknown> = new Set([Id, ClientGeneratedId, PaymentIntentId, StripeAccountId]);

type ZodNode = {
  _zod: { def: { type: string; innerType?: ZodNode; element?: ZodNode } };
  shape?: Record<string, ZodNode>;
};

/** The schema under optional/nullable/default wrappers; an array's element. */
function idLike(node: ZodNode | undefined): boolean {
  let n = node;
  while (n && ['optional', 'nullable', 'nonoptional', 'default', 'readonly'].includes(n._zod.def.type)) {
    n = n._zod.def.innerType;
  }
  if (n?._zod.def.type === 'array') n = n._zod.def.element;
  return ID_SCHEMAS.has(n);
}

/**
 * Id fields of owner call bodies that no template's slot fills: a field added to a call later
 * must get a slot (or the matrix would never put the other venue's ids in it).
 */
export function idFieldProblems(): string[] {
  const problems: string[] = [];
  for (const [name, row] of Object.entries(OWNER_CALL_TABLE)) {
    if (row === VIA_PUSH) continue;
    const body = allCalls[name]?.body as unknown as ZodNode | undefined;
    const shape = body?.shape ?? {};
    const slotted = new Set(row.flatMap((tpl) => tpl.slots.map((slot) => String(slot.at[0]))));
    for (const [key, schema] of Object.entries(shape)) {
      if (idLike(schema) && !slotted.has(key)) problems.push(`${name}.${key} is an id field without a slot`);
    }
  }
  return problems;
}

export interface Case {
  name: string;
  def: CallDef;
  body: unknown;
  label: string;
  expect: Expect;
  create: boolean;
  /** The victim ids the case puts in fields (taken as the attacker's own when a creation succeeds). */
  ids: string[];
}

/** The victim ids a slot is filled with: all of its kinds, and of the other kinds a sample or all. */
function idsFor(slot: Slot, victim: VenueWorld, options: MatrixOptions, random: () => number) {
  const out: Array<{ kind: IdKind; id: string; matching: boolean }> = [];
  for (const kind of ID_KINDS) {
    const ids = victim.ids[kind];
    const matching = slot.kinds.includes(kind);
    const picked =
      matching || options.mismatched === 'all'
        ? ids
        : ids.length
          ? [ids[Math.floor(random() * ids.length)]]
          : [];
    for (const id of picked) if (id) out.push({ kind, id, matching });
  }
  return out;
}

/**
 * A generated body: each slot, with probability 2/3, holds a random victim id of any kind. It must
 * be refused when a slot that names an existing entity holds one, or a creation holds a victim id
 * of its own kind; creations holding ids of other kinds may succeed.
 */
function comboCase(
  name: string,
  def: CallDef,
  ti: number,
  template: Template,
  a: Attacker,
  victim: VenueWorld,
  random: () => number,
): Case {
  let body: unknown = template.body(a);
  let refuse = false;
  let create = false;
  const ids: string[] = [];
  const parts: string[] = [];
  for (const slot of template.slots) {
    if (random() < 1 / 3) continue;
    const kind = ID_KINDS[Math.floor(random() * ID_KINDS.length)] as IdKind;
    const id = victim.ids[kind][Math.floor(random() * victim.ids[kind].length)];
    if (!id) continue;
    const matching = slot.kinds.includes(kind);
    if (slot.mode === undefined || (slot.mode === 'create' && matching)) refuse = true;
    if (slot.mode === 'create' && !matching) create = true;
    body = withValue(body, slot.at, id);
    ids.push(id);
    parts.push(`${slot.at.join('.')}=${kind}`);
  }
  const label = `${name}#${ti} generated ${parts.join(' ') || '(no victim id)'}`;
  return { name, def, body, label, expect: refuse ? 'refuse' : 'any', create: create && !refuse, ids };
}

/** Every case of the table: one per slot and victim id, and one with every slot the victim's. */
export function matrixCases(a: Attacker, victim: VenueWorld, options: MatrixOptions): Case[] {
  const random = seeded(options.seed);
  const cases: Case[] = [];
  for (const [name, row] of Object.entries(OWNER_CALL_TABLE)) {
    if (row === VIA_PUSH) continue;
    const def = allCalls[name] as CallDef;
    row.forEach((template: Template, ti) => {
      for (const slot of template.slots) {
        for (const { kind, id, matching } of idsFor(slot, victim, options, random)) {
          const create = slot.mode === 'create';
          const refuse = slot.mode !== 'ignore' && (matching || !create);
          cases.push({
            name,
            def,
            body: withValue(template.body(a), slot.at, id),
            label: `${name}#${ti} ${slot.at.join('.')}=${kind}${matching ? '' : ' (other kind)'} ${id}`,
            expect: refuse ? 'refuse' : 'any',
            create: create && !matching,
            ids: [id],
          });
        }
      }
      for (let n = 0; n < (options.combos ?? 0); n++)
        cases.push(comboCase(name, def, ti, template, a, victim, random));
      const targets = template.slots.filter((s) => s.mode !== 'ignore');
      if (targets.length > 1) {
        let body: unknown = template.body(a);
        for (const s of targets) body = withValue(body, s.at, victim.ids[s.kinds[0] as IdKind][0]);
        cases.push({
          name,
          def,
          body,
          label: `${name}#${ti} every slot the victim's`,
          expect: 'refuse',
          create: false,
          ids: [],
        });
      }
    });
  }
  // Creations that may succeed run last: the ids they take would blur the refusals before them.
  return [...cases.filter((c) => !c.create), ...cases.filter((c) => c.create)];
}

export async function attackerOf(world: TwoVenues, w: VenueWorld): Promise<Attacker> {
  const res = await post(world.t.app, calls.dashboardTableGet.path, { tableId: w.tables.t1 }, w.owner.cookie);
  if (res.statusCode !== 200) throw new Error(`attacker entry: ${res.body}`);
  return { w, t1Entry: res.json().table as TableOrder };
}

/** A device of the attacker numbering its mutations like an outbox. */
function outbox() {
  const clientId = randomUUID();
  let next = 1;
  return { clientId, take: () => next++ };
}

/**
 * Runs every case on its own endpoint (mutations with the attacker's device headers), then the
 * mutations again through `POST /api/sync/push` in batches; then B's device id on every mutation,
 * and the calls without id fields with the victim's ids as extra fields.
 */
export async function runOwnerMatrix(
  world: TwoVenues,
  attackerWorld: VenueWorld,
  victim: VenueWorld,
  options: MatrixOptions,
): Promise<Judge> {
  const judge = await Judge.open(world, victim, options.seed);
  const { t } = world;
  const cookie = attackerWorld.owner.cookie;
  const a = await attackerOf(world, attackerWorld);
  const cases = matrixCases(a, victim, options);
  const direct = outbox();
  const pushed = outbox();

  const runPush = async (batch: Case[]) => {
    const mutations = batch.map((c) => ({ mutationId: pushed.take(), name: c.name, body: c.body }));
    const res = await post(
      t.app,
      syncCalls.push.path,
      { mutations },
      cookie,
      syncHeaders(pushed.clientId, 1),
    );
    if (res.statusCode !== 200) {
      judge.fail(
        `push of ${batch.length} (${batch[0]?.label}...): ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
      return;
    }
    const results = res.json().results as Array<{ mutationId: number; status: number; body: unknown }>;
    if (results.length !== batch.length) judge.fail(`push answered ${results.length} of ${batch.length}`);
    results.forEach((r, i) => {
      const c = batch[i] as Case;
      if (c.create && r.status === 200) for (const id of c.ids) world.adopted.add(id);
      judge.answer(`push ${c.label}`, { status: r.status, text: JSON.stringify(r.body ?? null) }, c.expect);
    });
    await judge.unchanged(`push ${batch[0]?.label}...`);
  };

  for (const phase of [false, true]) {
    const mutations: Case[] = [];
    for (const c of cases.filter((x) => x.create === phase)) {
      const headers = c.def.mutation ? syncHeaders(direct.clientId, direct.take()) : {};
      const res = await send(t, c.def, c.body, cookie, headers);
      if (c.create && res.status === 200) for (const id of c.ids) world.adopted.add(id);
      judge.answer(c.label, res, c.expect);
      await judge.unchanged(c.label);
      if (c.def.mutation) mutations.push(c);
    }
    for (let i = 0; i < mutations.length; i += 100) await runPush(mutations.slice(i, i + 100));
  }

  // The victim's device id, on every mutation: the client id is bound to B's account.
  const clientId = victim.ids.client[0] as string;
  for (const [name, row] of Object.entries(OWNER_CALL_TABLE)) {
    const def = allCalls[name] as CallDef;
    if (row === VIA_PUSH || !def.mutation) continue;
    for (const id of [1, 2, 1_000]) {
      const body = (row[0] as Template).body(a);
      judge.answer(
        `${name} with B's client id, mutation ${id}`,
        await send(t, def, body, cookie, syncHeaders(clientId, id)),
        [403],
      );
    }
    await judge.unchanged(`${name} with B's client id`);
  }
  const push = { mutations: [{ mutationId: 1, name: 'roomsAdd', body: { name: 'x' } }] };
  judge.answer(
    "push with B's client id",
    await send(t, syncCalls.push, push, cookie, syncHeaders(clientId, 1)),
    [403],
  );

  // Customer calls are not pushable: pushed by name with the victim's ids, each is refused.
  const customer = [
    ['userOrder', { cart: [], tableId: victim.tables.t1, ownerId: victim.owner.venueId, isOwner: true }],
    ['userOrderDelivery', { ownerId: victim.owner.venueId, isOwner: true }],
    ['createPaymentIntent', { ownerId: victim.owner.venueId, deliveryId: victim.deliveries.card }],
    ['paymentStatus', { ownerId: victim.owner.venueId, paymentIntentId: victim.paymentIntent }],
    ['userTableCall', { ownerId: victim.owner.venueId, tableId: victim.tables.t1 }],
  ] as const;
  const mutations = customer.map(([name, body]) => ({ mutationId: pushed.take(), name, body }));
  const res = await post(t.app, syncCalls.push.path, { mutations }, cookie, syncHeaders(pushed.clientId, 1));
  const results = (res.json().results ?? []) as Array<{ status: number; body: unknown }>;
  if (results.length !== customer.length) judge.fail(`push of customer calls: ${res.body.slice(0, 300)}`);
  results.forEach((r, i) => {
    judge.answer(`push ${customer[i]?.[0]}`, { status: r.status, text: JSON.stringify(r.body) }, [404]);
  });
  await judge.unchanged('push of customer calls');

  // Calls without id fields: the victim's ids as extra fields change nothing of the victim's.
  const extras = {
    ownerId: victim.owner.venueId,
    businessId: victim.owner.venueId,
    tableId: victim.tables.t1,
    deliveryId: victim.deliveries.pending,
    id: victim.tables.t1,
  };
  for (const [name, row] of Object.entries(OWNER_CALL_TABLE)) {
    if (row === VIA_PUSH || row.some((tpl) => tpl.slots.length > 0)) continue;
    const def = allCalls[name] as CallDef;
    const headers = def.mutation ? syncHeaders(direct.clientId, direct.take()) : {};
    const body = { ...(row[0] as Template).body(a), ...extras };
    judge.answer(
      `${name} with the victim's ids as extra fields`,
      await send(t, def, body, cookie, headers),
      'any',
    );
    await judge.unchanged(`${name} extras`);
  }
  return judge;
}
