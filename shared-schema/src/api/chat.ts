import { z } from 'zod';
import { defineCall, emptyBody, Id, ok } from '../contract.ts';
import { ChatMessage } from '../entities.ts';
import { Flag } from '../fields.ts';

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
    access: 'user',
    body: z.object({ ownerId: Id, tableId: Id.optional() }),
    response: ok({ messages: z.array(ChatMessage) }),
  }),
} as const;
