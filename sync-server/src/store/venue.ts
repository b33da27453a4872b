import {
  AppError,
  type BusinessRow,
  type ClosedStatus,
  hhmmToMinutes,
  romeTime,
  SLOT_CAPACITY_MAX,
  SLOT_CAPACITY_MIN,
  t,
  type UserVersion,
} from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { type BusinessRecord, businesses, users } from '../db/schema.ts';
import { msg } from '../lib/messages.ts';
import { orderStatements } from './order-statements.ts';
import type { TableRecord } from './rooms.ts';

/*
 * The venue and its settings: the venue (and table) a customer call names, whether it is open,
 * and its settings as they travel. Every feature reads the venue through here.
 */

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** The venue a customer call names (ownerId/businessId), or business_id_error. */
export async function requireVenue(db: Db, businessId: string): Promise<BusinessRecord> {
  const row = await orderStatements(db).venue.get({ id: businessId });
  if (!row) throw new AppError('business_id_error', msg.businessNotFound);
  return row;
}

/** A table of that venue, or TABLE_INVALID (unknown, or another venue's). */
export async function requireVenueTable(
  db: Db,
  businessId: string,
  tableId: string,
  code: 'TABLE_INVALID' | 'history_error' = 'TABLE_INVALID',
): Promise<TableRecord> {
  const row = await orderStatements(db).table.get({ id: tableId, businessId });
  if (!row) throw new AppError(code, t.invalidTable);
  return row;
}

/**
 * Is Rome's clock inside the opening hours? A closing time earlier than the opening runs past
 * midnight (18:00-02:00 is open at 01:30); equal times are an empty window, as the slot rules of
 * shared-schema read them. Opening included, closing excluded.
 */
export function withinOpeningHours(nowMs: number, opening: string, closing: string): boolean {
  const open = hhmmToMinutes(opening);
  const close = hhmmToMinutes(closing);
  const now = romeTime(nowMs).minutes;
  if (open === close) return false;
  if (open < close) return now >= open && now < close;
  return now >= open || now < close;
}

/** Closed by the owner's flag or, now, outside the opening hours. */
export function venueIsClosed(venue: BusinessRecord, nowMs: number): boolean {
  return venue.isClosed || !withinOpeningHours(nowMs, venue.openingTime, venue.closingTime);
}

export function closedStatus(venue: BusinessRecord, nowMs: number): ClosedStatus {
  return {
    is_closed: venueIsClosed(venue, nowMs) ? 1 : 0,
    messaggioChiusura: venue.messaggioChiusura || null,
  };
}

/** The spec's bodies echo a businessId: it must be the session's, or nothing happens. */
export function checkBusinessEcho(sessionBusinessId: string, echoed: string | undefined): void {
  if (echoed !== undefined && echoed !== sessionBusinessId) throw new AppError('FORBIDDEN', msg.forbidden);
}

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
export async function businessWire(db: Db, row: BusinessRecord): Promise<BusinessRow> {
  const owner = await first(
    db.select({ version: users.version }).from(users).where(eq(users.id, row.ownerUserId)),
  );
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

export async function loadBusinessWire(db: Db, businessId: string): Promise<BusinessRow | null> {
  const row = await first(db.select().from(businesses).where(eq(businesses.id, businessId)));
  return row ? await businessWire(db, row) : null;
}
