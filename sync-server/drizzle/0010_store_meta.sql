CREATE TABLE `store_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
-- The database's generation (sqlite-schema.ts `storeMeta`): random, new for every database.
INSERT INTO `store_meta` (`key`, `value`) VALUES ('generation', lower(hex(randomblob(16))));
