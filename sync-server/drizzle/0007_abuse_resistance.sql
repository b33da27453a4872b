CREATE TABLE `blocked_senders` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`user_id` text,
	`address` text,
	`address_until` integer,
	`label` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocked_senders_business` ON `blocked_senders` (`business_id`);--> statement-breakpoint
CREATE TABLE `handoff_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `handoff_tokens_session` ON `handoff_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`kind` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_recipient` ON `mail_outbox` (`recipient`,`created_at`);--> statement-breakpoint
ALTER TABLE `email_tokens` ADD `password_hash` text;--> statement-breakpoint
ALTER TABLE `email_tokens` ADD `first_name` text;--> statement-breakpoint
ALTER TABLE `email_tokens` ADD `last_name` text;--> statement-breakpoint
ALTER TABLE `mutation_answers` ADD `scope` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `placed_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `placed_from` text;--> statement-breakpoint
CREATE INDEX `orders_pending_by_sender` ON `orders` (`business_id`,`placed_by`) WHERE "orders"."accettato" = 0 AND "orders"."closed_at" IS NULL;