import { isIPv6 } from 'node:net';
import { AppError, type BlockedSender, t } from '@comanda/shared-schema';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { randomId } from '../lib/ids.ts';
import {
  type BlockedSenderRecord,
  insertBlock,
  pendingFromAddress,
  pendingOfSender,
  senderIsBlocked,
} from '../store/delivery-senders.ts';
import type { OrderRecord } from '../store/orders.ts';

/**
 * Who sends the venue's deliveries and pickups (DESIGN.md "Abuse"): one guest must not hold every
 * slot of the evening, and the owner can block a sender from the desk. Stored on each order as
 * `placed_by` (the account) and `placed_from` (the address, as `senderAddress` counts it).
 */

/** The account and the address a customer's send comes from. */
export interface Sender {
  userId: string;
  address: string;
}

/** How long blocking an order's sender blocks the address it came from (its account: until lifted). */
export const ADDRESS_BLOCK_MS = 24 * 60 * 60_000;

/**
 * The address an order is counted and blocked by: an IPv4 address as it is (also when written
 * IPv4-mapped, '::ffff:192.0.2.1'); an IPv6 address by its /64, since one household or phone holds
 * a whole /64 and could otherwise take a new address per order.
 */
export function senderAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const bare = ip.split('%')[0] ?? ip;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // A trailing dotted quad ('64:ff9b::192.0.2.1') stands for two groups; only the first four count.
  const width = (list: string[]) => list.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? 0 : 8 - width(left) - width(right);
  const all = [...left, ...Array.from({ length: zeros }, () => '0'), ...right];
  const prefix = all.slice(0, 4).map((g) => (g.includes('.') ? g : Number.parseInt(g, 16).toString(16)));
  return `${prefix.join(':')}::/64`;
}

/**
 * Refuses a customer's new delivery or pickup (never the owner's phone order) from a blocked
 * sender, or one over the pending caps: at most `perSender` awaiting the owner's decision per
 * account and `perAddress` per address, at this venue. Run inside the send's write transaction,
 * so concurrent sends cannot both slip under a cap. The account comes first: a full venue's
 * diners may share one public address, so its cap is the looser one.
 */
export async function refuseSender(
  db: Db,
  venueId: string,
  sender: Sender,
  now: number,
  caps: Config['deliveryPending'],
): Promise<void> {
  if (await senderIsBlocked(db, { venueId, userId: sender.userId, address: sender.address, now })) {
    // Worded as a venue's choice, not a block: nothing suggests that another account would pass.
    throw new AppError('FORBIDDEN', t.senderRefused);
  }
  if ((await pendingOfSender(db, venueId, sender.userId)) >= caps.perSender) {
    throw new AppError('CONFLICT', t.deliveryPendingPerSender);
  }
  if ((await pendingFromAddress(db, venueId, sender.address)) >= caps.perAddress) {
    throw new AppError('CONFLICT', t.deliveryPendingPerAddress);
  }
}

/** 'Lucia Bianchi, 3331234567': how the desk named the order whose sender is blocked. */
function senderLabel(order: Pick<OrderRecord, 'nome' | 'cognome' | 'telefono'>): string {
  const name = [order.nome, order.cognome].filter(Boolean).join(' ');
  return [name, order.telefono].filter(Boolean).join(', ');
}

/** A block as the desk lists it; an address block that ran out reads as none. */
export function blockedWire(row: BlockedSenderRecord, now: number): BlockedSender {
  const addressUntil = row.addressUntil !== null && row.addressUntil > now ? row.addressUntil : null;
  return {
    id: row.id,
    label: row.label,
    account: row.userId !== null,
    addressUntil: addressUntil === null ? null : new Date(addressUntil).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * Blocks who sent `order`: the account for good, the address for `ADDRESS_BLOCK_MS`. Null when
 * the order names neither (stored before senders were recorded): nothing to block by.
 */
export async function blockSenderOf(db: Db, order: OrderRecord, now: number): Promise<BlockedSender | null> {
  if (order.placedBy === null && order.placedFrom === null) return null;
  const row = await insertBlock(db, {
    id: randomId(),
    venueId: order.venueId,
    userId: order.placedBy,
    address: order.placedFrom,
    addressUntil: order.placedFrom === null ? null : now + ADDRESS_BLOCK_MS,
    label: senderLabel(order),
    now,
  });
  if (!row) throw new Error('block insert returned no row');
  return blockedWire(row, now);
}
