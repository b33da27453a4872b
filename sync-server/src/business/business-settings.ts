import { type BusinessRow, SLOT_CAPACITY_MAX, SLOT_CAPACITY_MIN } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type BusinessRecord, businesses } from '../db/schema.ts';
import type { SyncCore } from '../sync/sync-core.ts';

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/**
 * A venue's settings as they travel (snapshot rows and 'business' changes): shared-schema's
 * `BusinessRow`, in the spec's words, money in cents, flags as 1/0.
 */
export function businessWire(row: BusinessRecord): BusinessRow {
  return {
    id: row.id,
    name: row.name,
    costoConsegna: row.costoConsegna,
    openingTime: row.openingTime,
    closingTime: row.closingTime,
    ownerIp: row.ownerIp,
    openConsegna: row.openConsegna,
    closeConsegna: row.closeConsegna,
    abilitaConsegna: flag(row.abilitaConsegna),
    orderEnabled: flag(row.orderEnabled),
    chatEnabled: flag(row.chatEnabled),
    is_closed: flag(row.isClosed),
    messaggioChiusura: row.messaggioChiusura || null,
    deliveryCities: row.deliveryCities,
    slotCapacity: clampCapacity(row.slotCapacity),
    slotAreaCapacity: row.slotAreaCapacity,
  };
}

/** A capacity written outside the settings call (a script, an old row) still reads as 1-50. */
export function clampCapacity(n: number): number {
  return Math.min(SLOT_CAPACITY_MAX, Math.max(SLOT_CAPACITY_MIN, Math.trunc(n) || SLOT_CAPACITY_MIN));
}

export function loadBusinessWire(db: Db, businessId: string): BusinessRow | null {
  const row = db.select().from(businesses).where(eq(businesses.id, businessId)).get();
  return row ? businessWire(row) : null;
}

export function registerBusinessSnapshot(sync: SyncCore): void {
  sync.registerSnapshot('business', (db, businessId) => {
    const wire = loadBusinessWire(db, businessId);
    return wire ? [{ id: wire.id, data: wire }] : [];
  });
}
