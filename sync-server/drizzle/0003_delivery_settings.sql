ALTER TABLE `businesses` ADD `slot_area_capacity` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
/*
 * Issue 6: a 15-minute slot takes 3 delivery/pickup orders by default. Until now no screen could
 * set the capacity, so a 1 is the old default, not an owner's choice. (The column's SQL default
 * stays 1: changing it would rebuild `businesses`, and dropping it inside the migration
 * transaction would cascade to every venue's rows. Inserts through drizzle get 3.)
 */
UPDATE `businesses` SET `slot_capacity` = 3 WHERE `slot_capacity` = 1;--> statement-breakpoint
/* The delivery button's count: deliveries awaiting a decision (table orders are accepted at once). */
CREATE INDEX `orders_pending_delivery` ON `orders` (`business_id`) WHERE `accettato` = 0 AND `closed_at` IS NULL;
