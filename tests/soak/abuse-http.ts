// The HTTP half of the abuse soak's attackers (run inside abuse-attacker.ts), every connection
// from an address of its own on loopback (127.0.0.2: another machine on the venue's network), so
// the per-address limits meet the attackers and not the measured venue:
//   - a password spray on both login paths, 40 e-mails round and round;
//   - an order flood at venue A's tables from ten guest sessions;
//   - slot booking: ten guest sessions sending pickups at A's delivery slots;
//   - idle connections that never send a byte, and slow heads sent a byte a second (slowloris).
// Each loop is paced (an attacker on another machine, not one sharing this machine's two cores
// with the server at full speed), and counts answers by status.
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';

export interface HttpAttackPlan {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The attackers' own source address. */
  localAddress: string;
  businessId: string;
  tableIds: string[];
  /** Guest session cookies for the order flood and the slot booking. */
  cookies: string[];
  /** A valid table cart of venue A. */
  cart: unknown[];
  ms: number;
  /** Idle and slow-head connections to open. */
  idleConnections: number;
  slowHeads: number;
}

/** Answers by status (`"429": 120`), connection failures as `"error"`. */
export type StatusCounts = Record<string, number>;

export interface HttpFloodCounts {
  loginSpray: StatusCounts;
  orderFlood: StatusCounts;
  slotBooking: StatusCounts;
  /** Connections the server kept, closed unanswered (the per-address cap) or cut with a 408. */
  idle: { accepted: number; refusedAtOnce: number; closedByServer: number; closedAfterMsP50: number };
  slowHeads: { closedByServer: number; closedAfterMsP50: number };
}

const LOOP_PAUSE_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function count(counts: StatusCounts, key: string | number): void {
  counts[String(key)] = (counts[String(key)] ?? 0) + 1;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
}

/** POST from the attackers' address; resolves with the status and the answer's JSON (or null). */
function post(
  plan: HttpAttackPlan,
  agent: Agent,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number | 'error'; json: unknown }> {
  const url = new URL(path, plan.origin);
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        localAddress: plan.localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString());
          } catch {}
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', () => resolve({ status: 'error', json: null }));
      },
    );
    req.on('error', () => resolve({ status: 'error', json: null }));
    req.end(payload);
  });
}

/** Runs `step` in `loops` parallel loops, paced, until `until`. */
async function loops(n: number, until: number, step: (loop: number, round: number) => Promise<void>) {
  await Promise.all(
    Array.from({ length: n }, async (_, loop) => {
      for (let round = 0; performance.now() < until; round++) {
        await step(loop, round);
        await sleep(LOOP_PAUSE_MS);
      }
    }),
  );
}

async function loginSpray(plan: HttpAttackPlan, agent: Agent, until: number, c: StatusCounts) {
  const paths = [calls.ownerLogin.path, calls.userLogin.path];
  await loops(4, until, async (loop, round) => {
    const n = (loop * 1000 + round) % 40;
    const answer = await post(plan, agent, paths[round % 2] ?? '', {
      email: `vittima${n}@example.com`,
      password: `Password${round}!`,
    });
    count(c, answer.status);
  });
}

async function orderFlood(plan: HttpAttackPlan, agent: Agent, until: number, c: StatusCounts) {
  const cookies = plan.cookies.slice(0, 10);
  await loops(cookies.length, until, async (loop, round) => {
    const answer = await post(
      plan,
      agent,
      calls.userOrder.path,
      { cart: plan.cart, tableId: plan.tableIds[round % plan.tableIds.length], ownerId: plan.businessId },
      { cookie: cookies[loop] ?? '', [SYNC_HEADERS.idempotencyKey]: `flood-${loop}-${round}-${Date.now()}` },
    );
    count(c, answer.status);
  });
}

async function slotBooking(plan: HttpAttackPlan, agent: Agent, until: number, c: StatusCounts) {
  const cookies = plan.cookies.slice(10, 20);
  const options = await post(
    plan,
    agent,
    calls.userDeliveryOptions.path,
    { ownerId: plan.businessId },
    { cookie: cookies[0] ?? '' },
  );
  const slots = (options.json as { result?: { slots?: { asap: string[] | null; selectable: string[] } } })
    ?.result?.slots;
  const offered = [...(slots?.asap ?? []), ...(slots?.selectable ?? [])];
  if (offered.length === 0) {
    count(c, 'no_slots');
    return;
  }
  await loops(cookies.length, until, async (loop, round) => {
    const answer = await post(
      plan,
      agent,
      calls.userOrderDelivery.path,
      {
        tipo: 'Ritiro',
        orario: offered[(loop + round) % offered.length],
        nome: `Finto ${loop}`,
        telefono: '3331234567',
        indirizzo: '',
        comune: '',
        cart: plan.cart,
        ownerId: plan.businessId,
      },
      { cookie: cookies[loop] ?? '', [SYNC_HEADERS.idempotencyKey]: `slot-${loop}-${round}-${Date.now()}` },
    );
    count(c, answer.status);
  });
}

/**
 * Opens `n` connections and keeps them until `until`: silent ones, or ones sending a request
 * head a byte a second. Counts who closed them and when.
 */
async function heldConnections(
  plan: HttpAttackPlan,
  n: number,
  until: number,
  slow: boolean,
): Promise<{ accepted: number; refusedAtOnce: number; closedByServer: number; closedAfter: number[] }> {
  const { hostname, port } = new URL(plan.origin);
  const head = `POST ${calls.userLogin.path} HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: ${'a'.repeat(200)}`;
  const result = { accepted: 0, refusedAtOnce: 0, closedByServer: 0, closedAfter: [] as number[] };
  const sockets: Socket[] = [];
  await Promise.all(
    Array.from({ length: n }, async () => {
      const opened = performance.now();
      const socket = connect({ host: hostname, port: Number(port), localAddress: plan.localAddress });
      sockets.push(socket);
      socket.on('error', () => {});
      // The timeouts answer 408 before closing; the per-address cap closes without a byte.
      let answered = false;
      socket.on('data', () => {
        answered = true;
      });
      let timer: NodeJS.Timeout | undefined;
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
      await new Promise<void>((resolve) => {
        socket.once('connect', () => resolve());
        socket.once('close', () => resolve());
      });
      if (slow) {
        let i = 0;
        timer = setInterval(() => {
          if (socket.writable) socket.write(head[i++ % head.length] ?? 'a');
        }, 1000);
      }
      const at = await Promise.race([closed, sleep(Math.max(0, until - performance.now())).then(() => null)]);
      clearInterval(timer);
      if (at === null) {
        result.accepted++;
        return;
      }
      if (!answered) result.refusedAtOnce++;
      else {
        result.accepted++;
        result.closedByServer++;
        result.closedAfter.push(at - opened);
      }
    }),
  );
  for (const s of sockets) s.destroy();
  return result;
}

export async function httpFloods(plan: HttpAttackPlan): Promise<HttpFloodCounts> {
  const until = performance.now() + plan.ms;
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const counts: HttpFloodCounts = {
    loginSpray: {},
    orderFlood: {},
    slotBooking: {},
    idle: { accepted: 0, refusedAtOnce: 0, closedByServer: 0, closedAfterMsP50: 0 },
    slowHeads: { closedByServer: 0, closedAfterMsP50: 0 },
  };
  const [, , , idle, slowHeads] = await Promise.all([
    loginSpray(plan, agent, until, counts.loginSpray),
    orderFlood(plan, agent, until, counts.orderFlood),
    slotBooking(plan, agent, until, counts.slotBooking),
    heldConnections(plan, plan.idleConnections, until, false),
    heldConnections(plan, plan.slowHeads, until, true),
  ]);
  agent.destroy();
  counts.idle = {
    accepted: idle.accepted,
    refusedAtOnce: idle.refusedAtOnce,
    closedByServer: idle.closedByServer,
    closedAfterMsP50: median(idle.closedAfter),
  };
  counts.slowHeads = {
    closedByServer: slowHeads.closedByServer,
    closedAfterMsP50: median(slowHeads.closedAfter),
  };
  return counts;
}
