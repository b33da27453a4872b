/**
 * The number a new table gets (spec 2.4, 7 "Rooms and tables"): the lowest the venue does not
 * use, so a deleted table's number goes to the next new table and the venue keeps numbering
 * 1..n. The server decides it inside the add's write transaction; an owner's device shows the
 * same number while the add waits to be sent, so the table does not change number when it syncs.
 */
export function lowestFreeTableNumber(used: Iterable<number>): number {
  const taken = new Set(used);
  let next = 1;
  while (taken.has(next)) next++;
  return next;
}
