import type { BusinessRow, ChatMessage } from '@comanda/shared-schema';
import { serverNow } from '../../data/server-clock.ts';
// Type-only: `data/mutators.ts` imports this file, so a value import would be a cycle.
import type { MutatorsFor } from '../../data/view.ts';

/** Thrown when the server is sure to refuse: the answer is left out of the view. */
export class ChatRefusal extends Error {
  override readonly name = 'ChatRefusal';
}

/**
 * The owner's answer, shown at once (offline too) as the server will store it: the device's id,
 * trimmed text, 'owner', timed now on the server's clock until the server's own time replaces it.
 */
export const chatMutators = {
  ownerChatSend: {
    entities: ['chatMessage', 'business'],
    apply: (view, body) => {
      const business = view.list<BusinessRow>('business')[0];
      if (business && business.chatEnabled === 0) throw new ChatRefusal('chat disabled');
      if (!body.id) return;
      const message: ChatMessage = {
        id: body.id,
        tableId: body.tableId,
        text: body.text.trim(),
        time: new Date(serverNow()).toISOString(),
        from: 'owner',
      };
      view.put('chatMessage', body.id, message);
    },
  },
} satisfies MutatorsFor;
