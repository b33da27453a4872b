import { AppError, type ClosedStatus, hhmmToMinutes, romeTime, t } from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import type { BusinessRecord } from '../db/schema.ts';
import { msg } from '../http/messages.ts';
import type { TableRecord } from '../rooms/queries.ts';
import { orderStatements } from './order-statements.ts';

/** The venue a customer call names (ownerId/businessId), or business_id_error. */
export function requireVenue(db: Db, businessId: string): BusinessRecord {
  const row = orderStatements(db).venue.get({ id: businessId });
  if (!row) throw new AppError('business_id_error', msg.businessNotFound);
  return row;
}

/** A table of that venue, or TABLE_INVALID (unknown, or another venue's). */
export function requireVenueTable(
  db: Db,
  businessId: string,
  tableId: string,
  code: 'TABLE_INVALID' | 'history_error' = 'TABLE_INVALID',
): TableRecord {
  const row = orderStatements(db).table.get({ id: tableId, businessId });
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
