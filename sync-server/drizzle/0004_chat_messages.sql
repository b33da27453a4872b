CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`table_id` text NOT NULL,
	`sender` text NOT NULL,
	`author_id` text,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_table_created` ON `chat_messages` (`table_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_messages_business_created` ON `chat_messages` (`business_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `table_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`table_id` text NOT NULL,
	`called_at` integer NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `table_calls_table_called` ON `table_calls` (`table_id`,`called_at`);