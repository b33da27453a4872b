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
import { and, eq } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { diningTables, users, type VenueRecord, venues } from '../db/schema.ts';
import { msg } from '../lib/messages.ts';
import { orderStatements } from './order-statements.ts';
import type { TableRecord } from './rooms.ts';

/*
 * The venue and its settings: the venue (and table) a customer call names, whether it is open,
 * its settings as they travel and as the owner sets them (profile, flags, the owner's version).
 * Every feature reads and writes the venue through here.
 */

/** The venue row as stored, for the features that read its settings. */
export type { VenueRecord } from '../db/schema.ts';

/** Settings a write may change (profile, flags): only the fields given are written. */
export type VenueUpdate = Partial<typeof venues.$inferInsert>;

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** The venue a customer call names (ownerId/businessId), or business_id_error. */
export async function requireVenue(db: Db, venueId: string): Promise<VenueRecord> {
  const row = await orderStatements(db).venue.get({ id: venueId });
  if (!row) throw new AppError('business_id_error', msg.venueNotFound);
  return row;
}

/** A table of that venue, or TABLE_INVALID (unknown, or another venue's). */
export async function requireVenueTable(
  db: Db,
  venueId: string,
  tableId: string,
  code: 'TABLE_INVALID' | 'history_error' = 'TABLE_INVALID',
): Promise<TableRecord> {
  const row = await orderStatements(db).table.get({ id: tableId, venueId });
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
export function venueIsClosed(venue: VenueRecord, nowMs: number): boolean {
  return venue.isClosed || !withinOpeningHours(nowMs, venue.openingTime, venue.closingTime);
}

export function closedStatus(venue: VenueRecord, nowMs: number): ClosedStatus {
  return {
    is_closed: venueIsClosed(venue, nowMs) ? 1 : 0,
    messaggioChiusura: venue.messaggioChiusura || null,
  };
}

/** The spec's bodies echo a businessId: it must be the session's, or nothing happens. */
export function checkVenueEcho(sessionVenueId: string, echoed: string | undefined): void {
  if (echoed !== undefined && echoed !== sessionVenueId) throw new AppError('FORBIDDEN', msg.forbidden);
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
export async function venueWire(db: Db, row: VenueRecord): Promise<BusinessRow> {
  const ownerVersion = await accountVersion(db, row.ownerUserId);
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
    userVersion: userVersionOf(ownerVersion),
  };
}

/** A capacity written outside the settings call (a script, an old row) still reads as 1-50. */
export function clampCapacity(n: number): number {
  return Math.min(SLOT_CAPACITY_MAX, Math.max(SLOT_CAPACITY_MIN, Math.trunc(n) || SLOT_CAPACITY_MIN));
}

export async function loadVenueWire(db: Db, venueId: string): Promise<BusinessRow | null> {
  const row = await first(db.select().from(venues).where(eq(venues.id, venueId)));
  return row ? await venueWire(db, row) : null;
}

/** Writes the settings given (profile, flags): the venue as it now is, undefined when none. */
export async function updateVenue(
  db: Db,
  venueId: string,
  set: VenueUpdate,
): Promise<VenueRecord | undefined> {
  return await first(db.update(venues).set(set).where(eq(venues.id, venueId)).returning());
}

/** The order toggle and the chat switch (spec 2.6): the venue as it now is, undefined when none. */
export async function setVenueFlags(
  db: Db,
  venueId: string,
  flags: Partial<Pick<VenueRecord, 'orderEnabled' | 'chatEnabled'>>,
): Promise<VenueRecord | undefined> {
  return await updateVenue(db, venueId, flags);
}

/** The stored version of an account (the owner's decides the room screen's panels, spec 2.4). */
export async function accountVersion(db: Db, userId: string): Promise<number | undefined> {
  const row = await first(db.select({ version: users.version }).from(users).where(eq(users.id, userId)));
  return row?.version;
}

export async function setAccountVersion(db: Db, userId: string, version: number): Promise<void> {
  await db.update(users).set({ version }).where(eq(users.id, userId));
}

/**
 * The version of the venue's owner account, undefined when the venue (or its owner) is unknown:
 * only the version, the owner account is nobody else's business.
 */
export async function ownerVersionOfVenue(db: Db, venueId: string): Promise<number | undefined> {
  const row = await first(
    db
      .select({ version: users.version })
      .from(venues)
      .innerJoin(users, eq(users.id, venues.ownerUserId))
      .where(eq(venues.id, venueId)),
  );
  return row?.version;
}

/** Is there a venue with this id (the live upgrade's access check, DESIGN.md "Abuse")? */
export async function venueExists(db: Db, venueId: string): Promise<boolean> {
  const row = await first(db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)));
  return row !== undefined;
}

/** Is this a table of that venue (another venue's table is none)? */
export async function venueHasTable(db: Db, venueId: string, tableId: string): Promise<boolean> {
  const row = await first(
    db
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(and(eq(diningTables.id, tableId), eq(diningTables.venueId, venueId))),
  );
  return row !== undefined;
}

/** The venue's row, undefined when none (a read that may find no venue, unlike `requireVenue`). */
export async function findVenue(db: Db, venueId: string): Promise<VenueRecord | undefined> {
  return await first(db.select().from(venues).where(eq(venues.id, venueId)));
}

/** The venue's name (the customer's mails sign with it), undefined when there is no venue. */
export async function venueName(db: Db, venueId: string): Promise<string | undefined> {
  const row = await first(db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId)));
  return row?.name;
}

/** A new venue, as an owner's signup or the demo seed creates it (columns left out take their defaults). */
export async function insertVenue(db: Db, row: typeof venues.$inferInsert): Promise<void> {
  await db.insert(venues).values(row);
}
