import type { ReservationLine } from './entities.ts';

/*
 * Fixtures for the tests of every package (`@comanda/shared-schema/testing`): wire rows as the
 * server sends them, built from the few fields a test cares about. Not part of the contract's
 * index, so no app bundle carries them.
 */

/** A line of a table's order as the wire carries it: a 4,00 € kitchen dish, accepted, unprinted. */
export function reservationLine(id: string, over: Partial<ReservationLine> = {}): ReservationLine {
  return {
    id,
    tableId: 'T1',
    dishId: null,
    name: id,
    price: 400,
    amount: 1,
    variant: [],
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: '2026-01-01T12:00:00.000Z',
    ...over,
  };
}
