import { AppError, type ChatMessage, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { msg } from '../lib/messages.ts';
import type { LiveSocketInfo } from '../live/hub.ts';
import { messageWire } from '../store/chat.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import {
  checkBurst,
  checkText,
  insertMessage,
  requireChatOn,
  requireChatTable,
  tableHistory,
  venueRecent,
} from './messages.ts';

/** A customer socket may speak only for the venue and the table it joined with. */
function ownTable(socket: LiveSocketInfo, ownerId: string, tableId: string): boolean {
  return socket.role === 'customer' && socket.venueId === ownerId && socket.tableId === tableId;
}

/**
 * Table chat (spec 2.2 `/user/chat`, 2.3 `/owner/chat`, 7 "Chat"). Customers write
 * with the live `sendMessage` from their table's socket; owners answer through the outbox
 * (`/api/owner/chat/send`). Every message is stored, goes into the change log as a
 * `chatMessage` (owner devices keep the last 12 hours offline) and reaches the venue's owners
 * and that table's phones as `recieveMessage`. A phone asks for its table's conversation with
 * `joinChat` after each (re)connect and gets `syncMessages`; messages carry ids, so replays
 * never duplicate. A refused message comes back to its sender as `messageRefused`, in Italian;
 * answers (`syncMessages`, refusals, a resent message's echo) go to the asking socket alone.
 */
export async function chatPlugin(app: FastifyInstance): Promise<void> {
  app.sync.registerSnapshot('chatMessage', async (db, venueId) =>
    (await venueRecent(db, venueId, app.clock.nowMs())).map((m) => ({ id: m.id, data: m })),
  );

  /** A first load over HTTP: one table's conversation, or (the venue's owner) every table's. */
  route(app, calls.chatMessagesGet, async ({ body, user }) => {
    const now = app.clock.nowMs();
    const { tableId } = body;
    if (!tableId) {
      if (user.user.role !== 'owner' || user.venueId !== body.ownerId) {
        throw new AppError('TABLE_INVALID', t.invalidTable);
      }
      return {
        success: true,
        messages: await app.store.port.read((db) => venueRecent(db, body.ownerId, now)),
      };
    }
    const messages = await app.store.port.read(async (db) => {
      await requireChatOn(db, body.ownerId);
      await requireChatTable(db, body.ownerId, tableId);
      return tableHistory(db, body.ownerId, tableId, now);
    });
    return { success: true, messages };
  });

  mutationRoute(app, calls.ownerChatSend, async ({ body, db, venueId, now, user, change, publish }) => {
    // The customers cannot read an answer while the chat is off: refused, and listed as such.
    await requireChatOn(db, venueId);
    await requireChatTable(db, venueId, body.tableId);
    const { row, fresh } = await insertMessage(db, {
      id: body.id,
      venueId,
      tableId: body.tableId,
      sender: 'owner',
      authorId: user.user.id,
      text: checkText(body.text),
      now,
    });
    // Another device's message with this id (the same text to the same table, by chance).
    if (!fresh) throw new AppError('CONFLICT', t.idTaken);
    const message = messageWire(row);
    change('chatMessage', row.id, 'put', message);
    publish('recieveMessage', message, { to: 'all', tableId: row.tableId });
    return { success: true, message };
  });

  app.hub.onClientEvent('sendMessage', async ({ socket, data }) => {
    if (!ownTable(socket, data.ownerId, data.tableId)) {
      app.hub.strayFrame(socket, 'sendMessage');
      return;
    }
    // A resend of a stored message: only its sender learns it arrived (the others heard it then).
    const resend: { message?: ChatMessage } = {};
    try {
      await app.sync.execute({
        scope: 'live:sendMessage',
        userId: socket.userId,
        requester: socket.socketId,
        headers: {},
        rawBody: data,
        parse: () => data,
        prepare: async () => undefined,
        venueId: () => data.ownerId,
        socketId: () => socket.socketId,
        run: async (_body, _prepared, { db, now, change, publish }) => {
          await requireChatOn(db, data.ownerId);
          await requireChatTable(db, data.ownerId, data.tableId);
          const text = checkText(data.text);
          const { row, fresh } = await insertMessage(db, {
            id: data.id,
            venueId: data.ownerId,
            tableId: data.tableId,
            sender: 'user',
            authorId: socket.userId,
            text,
            now,
            beforeInsert: () => checkBurst(db, data.tableId, now),
          });
          const message = messageWire(row);
          if (!fresh) {
            resend.message = message;
            return;
          }
          change('chatMessage', row.id, 'put', message);
          // The sender too: its echo confirms the message (same id, the server's time). One frame
          // per listener for a message a person typed, at most CHAT_BURST per table.
          publish('recieveMessage', message, { to: 'all', tableId: row.tableId, includeSender: true });
        },
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) {
        app.log.error({ err, socketId: socket.socketId }, 'chat message not stored');
      }
      const refusal = err instanceof AppError ? err : new AppError('UNAVAILABLE', msg.unavailable);
      // The refusal is the sender's alone: one frame in, one frame out (DESIGN.md "Abuse").
      app.hub.reply(socket, 'messageRefused', {
        tableId: data.tableId,
        ...(data.id ? { id: data.id } : {}),
        code: refusal.code,
        error: refusal.message,
      });
      return;
    }
    if (resend.message) app.hub.reply(socket, 'recieveMessage', resend.message);
  });

  // The table's conversation, or why not, to the socket that asked and no other.
  app.hub.onClientEvent('joinChat', async ({ socket, data }) => {
    if (!ownTable(socket, data.ownerId, data.tableId)) {
      app.hub.strayFrame(socket, 'joinChat');
      return;
    }
    try {
      const messages = await app.store.port.read(async (db) => {
        await requireChatOn(db, data.ownerId);
        return tableHistory(db, data.ownerId, data.tableId, app.clock.nowMs());
      });
      app.hub.reply(socket, 'syncMessages', { tableId: data.tableId, messages });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      app.hub.reply(socket, 'messageRefused', { tableId: data.tableId, code: err.code, error: err.message });
    }
  });
}
