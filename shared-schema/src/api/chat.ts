import { z } from 'zod';
import { defineCall, emptyBody, Id, ok } from '../contract.ts';
import { ChatMessage } from '../entities.ts';
import { ClientGeneratedId, Flag, Instant } from '../fields.ts';
import { t } from '../texts.ts';

/** A chat message's longest text, in UTF-16 code units as zod and `maxLength` count. */
export const CHAT_MESSAGE_MAX = 500;
/**
 * More than `max` customer messages from one table within `windowMs` are refused. The
 * server counts by arrival time, so `jitterMs` is forgiven: a phone writing exactly once a second
 * (10 in 10 s, allowed) is not refused because its 11th message arrived a little early.
 */
export const CHAT_BURST = { max: 10, windowMs: 10_000, jitterMs: 500 } as const;
/**
 * How far back a conversation reaches: a table's customers see its messages since the table's
 * last completed order and at most this long ago; owner devices keep this much offline.
 */
export const CHAT_HISTORY_MS = 12 * 60 * 60_000;
/** After a waiter call the table cannot call again for this long. */
export const WAITER_CALL_COOLDOWN_MS = 2 * 60_000;
/**
 * 'Il cameriere ha visto la chiamata' shows this long after the answer, then the call is done:
 * the table's phones show nothing more of it (the waiter came, or the party has moved on).
 */
export const WAITER_ANSWER_SHOWN_MS = 5 * 60_000;

/** A message as typed: trimmed, not empty, at most 500 characters. Shown as text, never markup. */
export const ChatText = z
  .string()
  .trim()
  .min(1, t.chatMessageRequired)
  .max(CHAT_MESSAGE_MAX, t.chatMessageTooLong);

/** A table's waiter call as its customers see it: when it was received and when answered. */
export const WaiterCallState = z.object({
  calledAt: Instant,
  /** When a tablet dismissed it ('Servito'), null while it is still ringing. */
  answeredAt: Instant.nullable(),
  /** Milliseconds until the table may call again (0: now). Relative, so phone clocks do not matter. */
  callAgainInMs: z.number().int().min(0),
  /** Added: milliseconds since the answer (absent while unanswered). Relative, as callAgainInMs. */
  answeredAgoMs: z.number().int().min(0).optional(),
});
export type WaiterCallState = z.infer<typeof WaiterCallState>;

/** Spec 7 "Chat". Messages travel as live events (sendMessage, recieveMessage, syncMessages). */
export const chatCalls = {
  userChatGet: defineCall({
    method: 'POST',
    path: '/api/user/chat/get',
    access: 'user',
    body: z.object({ ownerId: Id }),
    response: ok({ chatEnabled: Flag }),
  }),
  /** The owner screen also calls it with no payload: ownerId is optional and comes from the session. */
  ownerChatGet: defineCall({
    method: 'POST',
    path: '/api/owner/chat/get',
    access: 'owner',
    body: z.object({ ownerId: Id.optional() }),
    response: ok({ chatEnabled: Flag }),
  }),
  /** No payload; answers the new state (added) so the switch can settle without a second call. */
  ownerChatToggle: defineCall({
    method: 'POST',
    path: '/api/owner/chat/toggle',
    access: 'owner',
    mutation: true,
    body: emptyBody,
    response: ok({ chatEnabled: Flag }),
  }),
  /** Added: the messages of one table (customer) or of every table (owner), for a first load. */
  chatMessagesGet: defineCall({
    method: 'POST',
    path: '/api/chat/messages/get',
    large: true,
    access: 'user',
    body: z.object({ ownerId: Id, tableId: Id.optional() }),
    response: ok({ messages: z.array(ChatMessage) }),
  }),
  /**
   * Added: the owner's answer to a table, through the outbox (a tablet offline for a
   * minute delivers it once on reconnect). `id` is the device's UUID for the message.
   */
  ownerChatSend: defineCall({
    method: 'POST',
    path: '/api/owner/chat/send',
    access: 'owner',
    mutation: true,
    body: z.object({ id: ClientGeneratedId.optional(), tableId: Id, text: ChatText }),
    response: ok({ message: ChatMessage }),
  }),
  /**
   * Added: the table's latest waiter call, so every phone at the table shows that it
   * was received and answered, and when it may call again. Here beside the chat, the customer's
   * other way to reach the staff (the call itself is `userTableCall`).
   */
  userTableCallGet: defineCall({
    method: 'POST',
    path: '/api/user/table/call/get',
    access: 'user',
    body: z.object({ ownerId: Id, tableId: Id }),
    response: ok({ call: WaiterCallState.nullable() }),
  }),
} as const;
