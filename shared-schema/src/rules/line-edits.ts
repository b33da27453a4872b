import type { LineStatus, ReservationLine } from '../entities.ts';
import type { KitchenFilter } from '../fields.ts';
import { lineNote } from './notes.ts';
import { soundingLines } from './tickets.ts';

/**
 * What the owner's line edits (spec 4, 5, 7 "Dashboard": table/modify, status/set, table/print)
 * do to a line. The server's handlers apply them to its rows and the PWA's offline mutators to
 * the rows on the device, so a tablet without the network shows what the server will store.
 */

/** The fields of a line an owner's modify entry may change (a wire line may lack its note). */
export interface EditableLine {
  amount: number;
  price: number;
  note?: string | null;
  status: LineStatus;
}

/** Those fields after the edit; the note keeps the line's own type where the edit leaves it. */
export interface EditedLine<N> {
  amount: number;
  price: number;
  note: N | string | null;
  status: LineStatus;
}

/** One line of a modify entry: only the fields sent change (undefined leaves a field alone). */
export interface LineEditRequest {
  amount?: number;
  price?: number;
  /** null or '' clears the note. */
  note?: string | null;
  status?: LineStatus;
}

/**
 * What a modify entry makes of a line: only the fields it sends. Its status only deletes or
 * restores (a deleted line comes back in preparation); a live line keeps the kitchen's status,
 * so a whole line sent back never undoes the kitchen's progress (the cycle is status/set's).
 */
export function lineAfterEdit<L extends EditableLine>(line: L, edit: LineEditRequest): EditedLine<L['note']> {
  let status: LineStatus = line.status;
  if (edit.status === 'owner_deleted') status = 'owner_deleted';
  else if (edit.status !== undefined && line.status === 'owner_deleted') status = 'preparation';
  return {
    amount: edit.amount ?? line.amount,
    price: edit.price ?? line.price,
    note: edit.note === undefined ? line.note : lineNote(edit.note),
    status,
  };
}

/**
 * May status/set take a line from `from` to `to`? Any step of the cycle, or a delete, is the
 * client's choice; a deleted line only stays deleted or is restored to preparation (spec 4).
 */
export function lineStatusSettable(from: LineStatus, to: LineStatus): boolean {
  return from !== 'owner_deleted' || to === 'owner_deleted' || to === 'preparation';
}

/**
 * The lines a kitchen print marks printed (spec 4: they show 'Completato' from then on): those
 * that ring (accepted, not printed yet, not deleted, of the print's area) and, when the ticket
 * names its lines (a print the bridge acknowledged), only those it carried.
 */
export function linesPrinted<L extends ReservationLine>(
  lines: readonly L[],
  filter: KitchenFilter,
  onTicket?: readonly string[],
): L[] {
  const carried = onTicket ? new Set(onTicket) : null;
  return soundingLines(lines, filter).filter((line) => carried === null || carried.has(line.id));
}
