import { describe, expect, it } from 'vitest';
import {
  type Admission,
  CUSTOMER_FRAME_BUDGET,
  DEFAULT_SOCKET_CAPS,
  FrameBudgets,
  OWNER_FRAME_BUDGET,
  SocketCounts,
  TokenBucket,
} from './limits.ts';

describe('socket counts', () => {
  const caps = { customerPerSession: 2, ownerPerSession: 3, perAddress: 6, customersPerVenue: 4 };
  const customer = (sessionId: string, address = '10.0.0.1', venueId = 'v1'): Admission => ({
    sessionId,
    address,
    venueId,
    role: 'customer',
  });

  it('refuses the session, then the address, then the venue cap, and frees on close', () => {
    const counts = new SocketCounts(caps);
    counts.add(customer('s1'));
    counts.add(customer('s1'));
    expect(counts.full(customer('s1'))).toBe('session');
    counts.add(customer('s2'));
    counts.add(customer('s2'));
    // The venue holds 4 customer sockets: a fifth from another address is refused.
    expect(counts.full(customer('s3', '10.0.0.2'))).toBe('venue');
    // Another venue's phones behind the same address: until the address holds 6.
    counts.add(customer('s3', '10.0.0.1', 'v2'));
    counts.add(customer('s4', '10.0.0.1', 'v2'));
    expect(counts.full(customer('s5', '10.0.0.1', 'v2'))).toBe('address');
    // Owners count per session and address, never against the venue's customers.
    const owner: Admission = { sessionId: 's1', address: '10.0.0.9', venueId: 'v1', role: 'owner' };
    expect(counts.full(owner)).toBeNull();
    counts.remove(customer('s1'));
    expect(counts.full(customer('s1'))).toBeNull();
    for (const a of [customer('s1'), customer('s2'), customer('s2')]) counts.remove(a);
    for (const a of [customer('s3', '10.0.0.1', 'v2'), customer('s4', '10.0.0.1', 'v2')]) counts.remove(a);
    expect(counts.size).toBe(0);
  });

  it('a full venue behind one address fits the defaults', () => {
    const counts = new SocketCounts(DEFAULT_SOCKET_CAPS);
    for (let i = 0; i < 20; i++) {
      const screen: Admission = { sessionId: `o${i}`, address: 'pub', venueId: 'v', role: 'owner' };
      expect(counts.full(screen)).toBeNull();
      counts.add(screen);
    }
    // 150 phones with two tabs each.
    for (let i = 0; i < 300; i++) {
      const phone = customer(`c${i % 150}`, 'pub', 'v');
      expect(counts.full(phone)).toBeNull();
      counts.add(phone);
    }
  });
});

describe('token bucket', () => {
  it('takes its burst, refills at its rate up to the burst, and a clock set back refills nothing', () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, 0);
    expect([1, 2, 3, 4].map(() => bucket.take(1, 0))).toEqual([true, true, true, false]);
    expect(bucket.take(1, 499)).toBe(false);
    expect(bucket.take(1, 500)).toBe(true);
    // Long idle: back to the burst, not beyond.
    expect(bucket.take(3, 60_000)).toBe(true);
    expect(bucket.take(1, 60_000)).toBe(false);
    expect(bucket.take(1, 30_000)).toBe(false);
    expect(bucket.take(1, 30_500)).toBe(true);
    // A cost it cannot pay takes nothing.
    expect(bucket.take(5, 40_000)).toBe(false);
    expect(bucket.take(3, 40_000)).toBe(true);
  });
});

describe('frame budgets per session', () => {
  const phone = (sessionId: string): Admission => ({
    sessionId,
    address: 'a',
    venueId: 'v',
    role: 'customer',
  });
  const tablet = (sessionId: string): Admission => ({
    sessionId,
    address: 'a',
    venueId: 'v',
    role: 'owner',
  });

  it("a session's sockets share one budget; an owner session's is larger; each session its own", () => {
    const budgets = new FrameBudgets();
    expect(budgets.take(phone('s'), CUSTOMER_FRAME_BUDGET.burst, 0)).toBe(true);
    expect(budgets.take(phone('s'), 1, 0)).toBe(false);
    expect(budgets.take(phone('t'), 1, 0)).toBe(true);
    // The same session id as an owner is another budget (an owner on a table's menu).
    expect(budgets.take(tablet('s'), OWNER_FRAME_BUDGET.burst, 0)).toBe(true);
  });

  it('forgets budgets once full again, and holds at most maxKeys', () => {
    const budgets = new FrameBudgets(3);
    // Five frames take 2.5 s to come back: 'a' is full again at 2.5 s, 'b' at 3.5 s.
    const refill = (5 / CUSTOMER_FRAME_BUDGET.perSecond) * 1000;
    budgets.take(phone('a'), 5, 0);
    budgets.take(phone('b'), 5, 1000);
    budgets.prune(refill - 1);
    expect(budgets.size).toBe(2);
    budgets.prune(refill);
    expect(budgets.size).toBe(1);
    budgets.prune(1000 + refill);
    expect(budgets.size).toBe(0);
    for (const id of ['c', 'd', 'e', 'f']) budgets.take(phone(id), 1, 0);
    expect(budgets.size).toBe(3);
  });
});
