import type { Db } from '../db/client.ts';
import type { BlockedSenderRecord } from '../db/schema.ts';
import { deliveryStatements } from './deliveries.ts';

/*
 * Who sends a venue's deliveries and pickups (DESIGN.md "Abuse"): the blocks the owner set from
 * the desk, and how many orders awaiting a decision an account or an address holds (the pending
 * caps). Read through the prepared statements of the delivery path (deliveries.ts): a
 * customer's send runs them.
 */

/** A block as stored, for the desk's wire shape. */
export type { BlockedSenderRecord } from '../db/schema.ts';

/** Whether a block of the venue holds this account, or this address until later than `now`. */
export async function senderIsBlocked(
  db: Db,
  sender: { venueId: string; userId: string | null; address: string; now: number },
): Promise<boolean> {
  return (await deliveryStatements(db).blockedMatch.get(sender)) !== undefined;
}

/** The account's deliveries awaiting a decision at this venue. */
export async function pendingOfSender(db: Db, venueId: string, userId: string): Promise<number> {
  return (await deliveryStatements(db).pendingBySender.get({ venueId, userId }))?.n ?? 0;
}

/** The deliveries awaiting a decision at this venue sent from this address. */
export async function pendingFromAddress(db: Db, venueId: string, address: string): Promise<number> {
  return (await deliveryStatements(db).pendingFromAddress.get({ venueId, address }))?.n ?? 0;
}

/** A new block of the venue (an account, an address until `addressUntil`): the block as stored. */
export async function insertBlock(
  db: Db,
  block: {
    id: string;
    venueId: string;
    userId: string | null;
    address: string | null;
    addressUntil: number | null;
    label: string;
    now: number;
  },
): Promise<BlockedSenderRecord | undefined> {
  return await deliveryStatements(db).insertBlock.get(block);
}
