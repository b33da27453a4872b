DROP INDEX "orders_open_table";--> statement-breakpoint
DROP INDEX "orders_pending_delivery";--> statement-breakpoint
DROP INDEX "orders_pending_by_sender";--> statement-breakpoint
DROP INDEX "orders_checkout_due";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_table" ON "orders" USING btree ("table_id") WHERE "orders"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_delivery" ON "orders" USING btree ("business_id") WHERE "orders"."accettato" = false AND "orders"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_by_sender" ON "orders" USING btree ("business_id","placed_by") WHERE "orders"."accettato" = false AND "orders"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_checkout_due" ON "orders" USING btree ("checkout_until") WHERE "orders"."checkout_until" IS NOT NULL AND "orders"."closed_at" IS NULL;