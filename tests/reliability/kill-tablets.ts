import {
  type CallName,
  KITCHEN_AREAS,
  KITCHEN_FILTERS,
  type PushResult,
  SYNC_HEADERS,
  syncCalls,
} from '@comanda/shared-schema';
import type { Rng } from '../sync/mutations.ts';
import type { ClientContext } from './kill-customers.ts';
import { abandonDraw, retryPause } from './kill-customers.ts';
import { codeOf, type Exchange, mustRetry, postOnce, sleep, type Upstream } from './kill-http.ts';
import { canonical } from './kill-snapshot.ts';

/** One outbox entry of a tablet and what the server answered for it. */
export interface Entry {
  mutationId: number;
  name: CallName;
  body: Record<string, unknown>;
  /** The status of its judgement (applied 200 or a stored refusal); null until judged. */
  status: number | null;
  code: string | null;
  answer: unknown;
  /** Results that were a fresh judgement (`replayed: false`): more than one is a double apply. */
  fresh: number;
  /** Results that were a stored answer (a resend after a lost answer). */
  replays: number;
}

type Draft = { name: CallName; body: Record<string, unknown> } | null;

/** The most mutations a push carries here (the PWA sends up to 100; the server takes 200). */
const PUSH_BATCH_MAX = 25;

/**
 * A tablet's outbox: owner mutations queued over time (bodies built from what the tablet knows,
 * frozen once queued, as the PWA's outbox does) and sent in order through `POST /api/sync/push`
 * with its own client id. A push that got no answer, a 503, or that stopped at a transient
 * failure is resent from the first entry not judged, with the same ids and bodies.
 * Offline (`goOffline`), it keeps queueing and sends nothing; back online (`goOnline`), possibly
 * through another instance, it sends its whole outbox from the first entry not judged.
 */
export class Tablet {
  readonly entries: Entry[] = [];
  /** Entries judged so far (a prefix of `entries`). */
  judged = 0;
  readonly problems: string[] = [];
  /**
   * The push that left as the tablet dropped offline (dropAfterSending): its mutations, and the
   * answer it never received (kept for the checks: what the server judged then).
   */
  lost: { mutationIds: number[]; answer: Exchange } | null = null;
  pushes = 0;
  private readonly rooms: string[] = [];
  private readonly tables: Array<{ id: string; roomId: string }> = [];
  private readonly lines: Array<{ id: string; tableId: string }> = [];
  /** Own-table entries as answers showed them, to complete one later. */
  private readonly seenEntries: Array<Record<string, unknown>> = [];
  private queued = false;
  private offline = false;
  /** Goes offline the moment it sends the push carrying this mutation (dropAfterSending). */
  private dropAt: number | null = null;

  constructor(
    readonly index: number,
    readonly clientId: string,
    private readonly cookie: string,
    private readonly ctx: ClientContext,
    private readonly rng: Rng,
    private readonly timing: Rng,
    private upstream: Upstream,
  ) {}

  /**
   * The tablet loses its network: nothing more is sent, and the answer of a push in flight never
   * reaches it (the server may have applied it: the tablet resends it later, as the PWA does).
   */
  goOffline(): void {
    this.offline = true;
  }

  /**
   * The Wi-Fi drops while the push carrying mutation `mutationId` is out: the server gets it
   * (and judges it), the answer never reaches the tablet, which goes offline.
   */
  dropAfterSending(mutationId: number): void {
    this.dropAt = mutationId;
  }

  /** Back online, through `upstream` from now on (another instance, when its own is gone). */
  goOnline(upstream: Upstream): void {
    this.upstream = upstream;
    this.offline = false;
  }

  get isOffline(): boolean {
    return this.offline;
  }

  /** Where it sends now (its copy of the venue is pulled the same way). */
  get way(): Upstream {
    return this.upstream;
  }

  /** Queues `quota` mutations over time while the sender drains them. */
  async run(quota: number): Promise<void> {
    const sender = this.send();
    const first: Draft[] = [this.make('roomsAdd'), this.make('tablesAdd'), this.make('tablesAdd')];
    for (let i = 0; i < quota; i++) {
      let draft = i < first.length ? (first[i] ?? null) : null;
      while (!draft) draft = this.make(this.draw());
      this.entries.push({ mutationId: this.entries.length + 1, ...draft, ...unjudged() });
      await sleep(this.timing.int(40));
    }
    this.queued = true;
    await sender;
  }

  private draw(): CallName {
    const weights: Array<readonly [CallName, number]> = [
      ['roomsAdd', 1],
      ['roomsEdit', 1],
      ['tablesAdd', 2],
      ['tablesSetCoords', 3],
      ['tablesDelete', 0.5],
      ['dashboardStatusSet', 4],
      ['dashboardTableOutOfMenuAdd', 4],
      ['dashboardTableModify', 2],
      ['dashboardTablePrint', 1],
      ['dashboardTableDelete', 1],
      ['dashboardTableHistory', 1],
      ['deliveryAccept', 3],
      ['deliveryReject', 1],
      ['deliveryChangeStatusPay', 1],
      ['userOrderRoomCart', 1],
      ['ownerChatToggle', 1],
      ['ownerChatSend', 2],
    ];
    const total = weights.reduce((s, [, w]) => s + w, 0);
    return this.rng.weighted(weights, total) ?? 'tablesSetCoords';
  }

  /** A body for `name` from what this tablet knows, or null when nothing fits yet. */
  private make(name: CallName): Draft {
    const { rng } = this;
    const { knowledge, venue } = this.ctx;
    const ownTable = rng.pick(this.tables);
    const ownLine = rng.pick(this.lines);
    const delivery = rng.pick(knowledge.deliveries);
    const n = this.entries.length + 1;
    switch (name) {
      case 'roomsAdd': {
        const id = rng.uuid();
        this.rooms.push(id);
        return { name, body: { id, name: `Sala T${this.index}.${n}` } };
      }
      case 'roomsEdit': {
        const id = rng.pick(this.rooms);
        return id ? { name, body: { id, name: `Sala T${this.index} ${rng.int(1000)}` } } : null;
      }
      case 'tablesAdd': {
        const roomId = rng.pick(this.rooms);
        if (!roomId) return null;
        const id = rng.uuid();
        this.tables.push({ id, roomId });
        return { name, body: { id, roomId, x: rng.int(1950), y: rng.int(1950) } };
      }
      case 'tablesSetCoords': {
        const tableId = rng.chance(0.5) ? ownTable?.id : rng.pick(venue.tableIds);
        return tableId ? { name, body: { tableId, x: rng.int(1950), y: rng.int(1950) } } : null;
      }
      case 'tablesDelete': {
        if (!ownTable || this.tables.length < 2) return null;
        this.tables.splice(this.tables.indexOf(ownTable), 1);
        return { name, body: { id: ownTable.id } };
      }
      case 'dashboardStatusSet': {
        const id = rng.chance(0.7) ? rng.pick(knowledge.customerLines) : ownLine?.id;
        const status = rng.pick(['ready', 'completed', 'preparation', 'owner_deleted'] as const);
        return id ? { name, body: { id, status } } : null;
      }
      case 'dashboardTableOutOfMenuAdd': {
        if (!ownTable) return null;
        const id = rng.uuid();
        this.lines.push({ id, tableId: ownTable.id });
        const line = {
          name: `Fuori menu ${n}`,
          price: 50 * (1 + rng.int(40)),
          amount: 1 + rng.int(3),
          selected_option: rng.pick(KITCHEN_AREAS),
        };
        return { name, body: { tableId: ownTable.id, id, line } };
      }
      case 'dashboardTableModify':
        return ownLine
          ? {
              name,
              body: { tableId: ownLine.tableId, reservations: [{ id: ownLine.id, amount: 1 + rng.int(5) }] },
            }
          : null;
      case 'dashboardTablePrint':
        return ownTable
          ? { name, body: { tableId: ownTable.id, selected_option: rng.pick(KITCHEN_FILTERS) } }
          : null;
      case 'dashboardTableDelete':
        return ownTable ? { name, body: { isDelivery: false, tableId: ownTable.id } } : null;
      case 'dashboardTableHistory': {
        const table = rng.pick(this.seenEntries);
        return table ? { name, body: { table, totaleOrdine: 0, costoConsegna: 0, totalePagato: 0 } } : null;
      }
      case 'deliveryAccept':
      case 'deliveryReject':
        return delivery ? { name, body: { deliveryId: delivery } } : null;
      case 'deliveryChangeStatusPay':
        return delivery ? { name, body: { deliveryId: delivery, status: rng.int(2) } } : null;
      case 'userOrderRoomCart': {
        const dish = rng.pick(venue.dishes);
        return delivery && dish
          ? {
              name,
              body: { deliveryId: delivery, ownerId: venue.businessId, cart: [{ ...dish, amount: 1 }] },
            }
          : null;
      }
      case 'ownerChatToggle':
        return { name, body: {} };
      case 'ownerChatSend': {
        const tableId = rng.pick(venue.tableIds);
        return tableId ? { name, body: { id: rng.uuid(), tableId, text: `Arriviamo subito (${n})` } } : null;
      }
      default:
        return null;
    }
  }

  /** The sender: pushes from the first unjudged entry until every queued one is judged. */
  private async send(): Promise<void> {
    let failures = 0;
    const pause = retryPause(this.timing);
    for (;;) {
      if (this.ctx.stopped() || this.problems.length > 0) return;
      const idle = this.judged === this.entries.length;
      if (idle && this.queued) return;
      if (idle || this.offline) {
        await sleep(10);
        continue;
      }
      const size = 1 + this.timing.int(PUSH_BATCH_MAX);
      const batch = this.entries.slice(this.judged, this.judged + size);
      const judgedNow = await this.push(batch);
      if (judgedNow < batch.length) {
        failures++;
        await sleep(pause(failures));
      } else failures = 0;
    }
  }

  /** One push of `batch`; answers how many of its entries were judged. */
  private async push(batch: Entry[]): Promise<number> {
    this.pushes++;
    const { seen } = this.ctx;
    seen.requests++;
    const mutations = batch.map((e) => ({ mutationId: e.mutationId, name: e.name, body: e.body }));
    const upstream = this.upstream;
    const drop = this.dropAt !== null && batch.some((e) => e.mutationId >= (this.dropAt ?? 0));
    const abandon = abandonDraw(this.ctx, this.timing)();
    const ex = await postOnce(
      upstream.base() + syncCalls.push.path,
      { mutations },
      { cookie: this.cookie, [SYNC_HEADERS.clientId]: this.clientId },
      // The push that drops the tablet is never abandoned early: the server must get it whole.
      drop ? null : abandon,
    );
    upstream.saw(ex);
    if (drop && ex.kind === 'answer' && ex.status === 200) {
      // The Wi-Fi drops as the answer comes back: the server judged the push, the tablet never
      // learns how (a push that got no answer is just resent, and drops the tablet then).
      this.dropAt = null;
      this.lost = { mutationIds: batch.map((e) => e.mutationId), answer: ex };
      this.goOffline();
    }
    // Gone offline while the push was in flight: its answer is lost on the way.
    if (this.offline) return 0;
    if (ex.kind === 'none') seen.noAnswer++;
    else if (ex.status === 503) seen.unavailable++;
    if (mustRetry(ex)) return 0;
    if (ex.kind !== 'answer') return 0;
    if (ex.status !== 200) {
      this.problems.push(`push answered ${ex.status} ${JSON.stringify(ex.body).slice(0, 300)}`);
      return 0;
    }
    const results = (ex.body as { results: PushResult[] }).results;
    let judged = 0;
    for (const result of results) {
      const entry = batch[judged];
      if (!entry || entry.mutationId !== result.mutationId) {
        this.problems.push(`push result for ${result.mutationId}, expected ${entry?.mutationId}`);
        break;
      }
      if (result.status === 503) {
        seen.unavailable++;
        break;
      }
      if (result.status >= 500) {
        seen.serverErrors.push(
          `push ${entry.name}: ${result.status} ${JSON.stringify(result.body).slice(0, 300)}`,
        );
        break;
      }
      const code = codeOf(result.body);
      if (code === 'MUTATION_GAP') {
        this.problems.push(`mutation ${entry.mutationId}: ${JSON.stringify(result.body)}`);
        break;
      }
      if (code === 'VALIDATION') {
        this.problems.push(
          `${entry.name} ${JSON.stringify(entry.body)} refused: ${JSON.stringify(result.body)}`,
        );
      }
      if (result.replayed) entry.replays++;
      else entry.fresh++;
      entry.status = result.status;
      entry.code = code;
      entry.answer = result.body;
      this.learn(entry);
      this.judged++;
      judged++;
      this.ctx.progress();
    }
    return judged;
  }

  /** What a success answer teaches: an own table's entry as the server holds it. */
  private learn(entry: Entry): void {
    if (entry.status !== 200 || entry.name !== 'dashboardTableOutOfMenuAdd') return;
    const table = (entry.answer as { table?: Record<string, unknown> }).table;
    if (table) this.seenEntries.push(table);
  }

  /**
   * Resends the last `n` judged entries (to `base`, by default where it sends now): each must
   * come back as the stored answer (replayed), with the status and body first given (key order
   * aside: PostgreSQL keeps a stored answer as jsonb). Answers the mismatches.
   */
  async replayJudged(n: number, base: string = this.upstream.base()): Promise<string[]> {
    const batch = this.entries.slice(Math.max(0, this.judged - n), this.judged);
    if (batch.length === 0) return [];
    const ex = await postOnce(
      base + syncCalls.push.path,
      { mutations: batch.map((e) => ({ mutationId: e.mutationId, name: e.name, body: e.body })) },
      { cookie: this.cookie, [SYNC_HEADERS.clientId]: this.clientId },
    );
    if (ex.kind !== 'answer' || ex.status !== 200)
      return [`replay push: ${JSON.stringify(ex).slice(0, 300)}`];
    const results = (ex.body as { results: PushResult[] }).results;
    const bad: string[] = [];
    if (results.length !== batch.length) bad.push(`replay: ${results.length} results for ${batch.length}`);
    for (const [i, r] of results.entries()) {
      const e = batch[i];
      if (!e) break;
      const same = r.status === e.status && canonical(r.body) === canonical(e.answer);
      if (!r.replayed || !same) {
        bad.push(
          `tablet ${this.index} mutation ${e.mutationId} (${e.name}): replay ${r.status}${r.replayed ? '' : ' fresh'} ` +
            `${JSON.stringify(r.body).slice(0, 200)}, first ${e.status} ${JSON.stringify(e.answer).slice(0, 200)}`,
        );
      }
    }
    return bad;
  }
}

function unjudged() {
  return { status: null, code: null, answer: null, fresh: 0, replays: 0 };
}
