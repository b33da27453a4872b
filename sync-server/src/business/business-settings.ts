import {
  type BusinessRow,
  SLOT_CAPACITY_MAX,
  SLOT_CAPACITY_MIN,
  type UserVersion,
} from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type BusinessRecord, businesses, users } from '../db/schema.ts';
import type { SyncCore } from '../sync/sync-core.ts';

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** The spec's user versions (1, 2, 3); anything else stored reads as the base version. */
export function userVersionOf(stored: number | undefined): UserVersion {
  return stored === 2 || stored === 3 ? stored : 1;
}

/**
 * A venue's settings as they travel (snapshot rows and 'business' changes): shared-schema's
 * `BusinessRow`, in the spec's words, money in cents, flags as 1/0, with the owner account's
 * version (it decides the room screen's panels, spec 2.4): read here, so no change row of the
 * venue ever travels without it.
 */
export function businessWire(db: Db, row: BusinessRecord): BusinessRow {
  const owner = db.select({ version: users.version }).from(users).where(eq(users.id, row.ownerUserId)).get();
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
    userVersion: userVersionOf(owner?.version),
  };
}

/** A capacity written outside the settings call (a script, an old row) still reads as 1-50. */
export function clampCapacity(n: number): number {
  return Math.min(SLOT_CAPACITY_MAX, Math.max(SLOT_CAPACITY_MIN, Math.trunc(n) || SLOT_CAPACITY_MIN));
}

export function loadBusinessWire(db: Db, businessId: string): BusinessRow | null {
  const row = db.select().from(businesses).where(eq(businesses.id, businessId)).get();
  return row ? businessWire(db, row) : null;
}

export function registerBusinessSnapshot(sync: SyncCore): void {
  sync.registerSnapshot('business', (db, businessId) => {
    const wire = loadBusinessWire(db, businessId);
    return wire ? [{ id: wire.id, data: wire }] : [];
  });
}
