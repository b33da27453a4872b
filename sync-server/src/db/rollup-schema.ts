import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/*
 * The daily report rollup's two tables, as the reports read them (reports/queries.ts). Their SQL,
 * keys and the triggers that keep them are written by hand in a migration of each store
 * (drizzle/0005_report_rollup.sql, drizzle-pg/0001_report_rollup.sql), so drizzle-kit never sees
 * these definitions: they describe the columns for queries, nothing more.
 */

export const reportDayOrders = sqliteTable('report_day_orders', {
  venueId: text('business_id').notNull(),
  serviceDate: text('service_date').notNull(),
  kind: text('kind').notNull(),
  paymentMethod: text('payment_method').notNull(),
  /** UTC hour of opened_at (epoch ms / 1 h). */
  openedHour: integer('opened_hour').notNull(),
  orders: integer('orders').notNull(),
  revenue: integer('revenue').notNull(),
  items: integer('items').notNull(),
  discounts: integer('discounts').notNull(),
  deliveryFees: integer('delivery_fees').notNull(),
  serviceFees: integer('service_fees').notNull(),
});

export const reportDayLines = sqliteTable('report_day_lines', {
  venueId: text('business_id').notNull(),
  serviceDate: text('service_date').notNull(),
  dishKey: text('dish_key').notNull(),
  categoryKey: text('category_key').notNull(),
  area: text('area').notNull(),
  dishId: text('dish_id'),
  name: text('name').notNull(),
  categoryId: text('category_id'),
  categoryName: text('category_name').notNull(),
  lastCompletedAt: integer('last_completed_at').notNull(),
  lines: integer('lines').notNull(),
  quantity: integer('quantity').notNull(),
  sales: integer('sales').notNull(),
});
