/** The addresses of one table, shared by the room screen and the tables list. */

/** `/user/reservation/{ownerId}/{tableId}`: the link a table's QR code opens. */
export function customerTableUrl(origin: string, ownerId: string, tableId: string): string {
  return `${origin}/user/reservation/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`;
}

/** `/owner/reservation/{ownerId}/{tableId}`: the owner orders on behalf of the table (spec 2.3). */
export function ownerOrderPath(ownerId: string, tableId: string): string {
  return `/owner/reservation/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`;
}
