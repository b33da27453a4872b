import { describe, expect, it } from 'vitest';
import {
  forgetRecent,
  RECENT_VISITS_MAX,
  readRecent,
  rememberOrder,
  rememberVisit,
} from './recent-visits.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe("the phone's recent venues and orders", () => {
  it('keeps one entry per page, newest first, capped', () => {
    const store = memoryStorage();
    const at = (m: number) => new Date(Date.UTC(2026, 10, 22, 19, m));
    rememberVisit({ ownerId: 'v1', venueName: 'Demo', tableId: 't1', tableNumber: 1 }, store, at(0));
    rememberVisit({ ownerId: 'v1', venueName: 'Demo', tableId: null, tableNumber: null }, store, at(1));
    rememberVisit({ ownerId: 'v1', venueName: 'Demo', tableId: 't1', tableNumber: 1 }, store, at(2));
    expect(readRecent(store).visits.map((v) => [v.tableId, v.at])).toEqual([
      ['t1', at(2).toISOString()],
      [null, at(1).toISOString()],
    ]);
    for (let i = 0; i < 20; i++)
      rememberVisit({ ownerId: `v${i}`, venueName: null, tableId: null, tableNumber: null }, store);
    expect(readRecent(store).visits).toHaveLength(RECENT_VISITS_MAX);
  });

  it('lists orders, survives garbage in storage, and forgets on request', () => {
    const store = memoryStorage();
    store.setItem('comandaRecent', '{not json');
    expect(readRecent(store)).toEqual({ visits: [], orders: [] });
    rememberOrder({ ownerId: 'v1', venueName: 'Demo', kind: 'table', tableNumber: 4, total: 1250 }, store);
    expect(readRecent(store).orders).toMatchObject([{ kind: 'table', total: 1250 }]);
    forgetRecent(store);
    expect(readRecent(store)).toEqual({ visits: [], orders: [] });
  });
});
