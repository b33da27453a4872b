import { pgTableOf } from './pg-schema.ts';
import * as sqlite from './sqlite-schema.ts';

/*
 * The PostgreSQL tables by name, for drizzle-kit (`drizzle.pg.config.ts`), which reads a module's
 * exported tables. One line a table of sqlite-schema.ts; pg-schema.test.ts fails when one is missing.
 */

export const users = pgTableOf(sqlite.users);
export const venues = pgTableOf(sqlite.venues);
export const sessions = pgTableOf(sqlite.sessions);
export const emailTokens = pgTableOf(sqlite.emailTokens);
export const handoffTokens = pgTableOf(sqlite.handoffTokens);
export const mailOutbox = pgTableOf(sqlite.mailOutbox);
export const clientMutations = pgTableOf(sqlite.clientMutations);
export const mutationAnswers = pgTableOf(sqlite.mutationAnswers);
export const idempotency = pgTableOf(sqlite.idempotency);
export const changes = pgTableOf(sqlite.changes);
export const rooms = pgTableOf(sqlite.rooms);
export const diningTables = pgTableOf(sqlite.diningTables);
export const categories = pgTableOf(sqlite.categories);
export const dishes = pgTableOf(sqlite.dishes);
export const variants = pgTableOf(sqlite.variants);
export const variantOptions = pgTableOf(sqlite.variantOptions);
export const orders = pgTableOf(sqlite.orders);
export const blockedSenders = pgTableOf(sqlite.blockedSenders);
export const orderLines = pgTableOf(sqlite.orderLines);
export const orderHistory = pgTableOf(sqlite.orderHistory);
export const orderHistoryLines = pgTableOf(sqlite.orderHistoryLines);
export const chatMessages = pgTableOf(sqlite.chatMessages);
export const tableCalls = pgTableOf(sqlite.tableCalls);
export const storeMeta = pgTableOf(sqlite.storeMeta);
