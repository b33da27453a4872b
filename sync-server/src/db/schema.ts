import { storeDialect } from './dialect.ts';
import { pgTableOf } from './pg-schema.ts';
import * as rollup from './rollup-schema.ts';
import * as sqlite from './sqlite-schema.ts';

/*
 * The tables every repository imports, of the store this process runs on (`dialect.ts`): the
 * SQLite tables of sqlite-schema.ts (where a table is written), or their PostgreSQL twins
 * (pg-schema.ts) under the same names and columns. Queries are typed by the SQLite tables on both
 * stores; the twins map values the same way (numbers, booleans, parsed JSON).
 */

type Table = Parameters<typeof pgTableOf>[0];
const pick = <T extends Table>(table: T): T =>
  storeDialect === 'postgres' ? (pgTableOf(table) as unknown as T) : table;

export const users = pick(sqlite.users);
export const venues = pick(sqlite.venues);
export const sessions = pick(sqlite.sessions);
export const emailTokens = pick(sqlite.emailTokens);
export const handoffTokens = pick(sqlite.handoffTokens);
export const mailOutbox = pick(sqlite.mailOutbox);
export const clientMutations = pick(sqlite.clientMutations);
export const mutationAnswers = pick(sqlite.mutationAnswers);
export const idempotency = pick(sqlite.idempotency);
export const changes = pick(sqlite.changes);
export const rooms = pick(sqlite.rooms);
export const diningTables = pick(sqlite.diningTables);
export const categories = pick(sqlite.categories);
export const dishes = pick(sqlite.dishes);
export const variants = pick(sqlite.variants);
export const variantOptions = pick(sqlite.variantOptions);
export const orders = pick(sqlite.orders);
export const blockedSenders = pick(sqlite.blockedSenders);
export const orderLines = pick(sqlite.orderLines);
export const orderHistory = pick(sqlite.orderHistory);
export const orderHistoryLines = pick(sqlite.orderHistoryLines);
export const chatMessages = pick(sqlite.chatMessages);
export const tableCalls = pick(sqlite.tableCalls);
export const storeMeta = pick(sqlite.storeMeta);
export const reportDayOrders = pick(rollup.reportDayOrders);
export const reportDayLines = pick(rollup.reportDayLines);

export type {
  BlockedSenderRecord,
  CategoryRecord,
  ChatMessageRecord,
  DishRecord,
  HandoffTokenRecord,
  MailOutboxRecord,
  OrderLineRecord,
  OrderRecord,
  SessionRow,
  TableCallRecord,
  UserRow,
  VariantOptionRecord,
  VariantRecord,
  VenueRecord,
} from './sqlite-schema.ts';
