/** The addresses of one table, shared by the room screen and the tables list. */

/** `/user/reservation/{ownerId}/{tableId}`: the table's menu as its customers open it. */
export function customerTablePath(ownerId: string, tableId: string): string {
  return `/user/reservation/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`;
}

/** The link a table's QR code opens. */
export function customerTableUrl(origin: string, ownerId: string, tableId: string): string {
  return `${origin}${customerTablePath(ownerId, tableId)}`;
}

/** `/user/delivery/{ownerId}`: the venue's delivery and pickup page. */
export function customerDeliveryPath(ownerId: string): string {
  return `/user/delivery/${encodeURIComponent(ownerId)}`;
}

/** `/owner/reservation/{ownerId}/{tableId}`: the owner orders on behalf of the table (spec 2.3). */
export function ownerOrderPath(ownerId: string, tableId: string): string {
  return `/owner/reservation/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`;
}
