CREATE TABLE `order_history` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`table_id` text,
	`table_number` integer,
	`payment_method` text DEFAULT 'cassa' NOT NULL,
	`payment_intent_id` text,
	`totale_ordine` integer NOT NULL,
	`costo_consegna` integer DEFAULT 0 NOT NULL,
	`service_fee` integer DEFAULT 0 NOT NULL,
	`sconto` integer DEFAULT 0 NOT NULL,
	`totale_pagato` integer NOT NULL,
	`snapshot` text NOT NULL,
	`opened_at` integer NOT NULL,
	`completed_at` integer NOT NULL,
	`service_date` text NOT NULL,
	`completed_by` text,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_history_order` ON `order_history` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_history_business_completed` ON `order_history` (`business_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `order_history_business_date` ON `order_history` (`business_id`,`service_date`);--> statement-breakpoint
CREATE TABLE `order_history_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`history_id` text NOT NULL,
	`business_id` text NOT NULL,
	`completed_at` integer NOT NULL,
	`service_date` text NOT NULL,
	`dish_id` text,
	`name` text NOT NULL,
	`category_id` text,
	`category_name` text DEFAULT '' NOT NULL,
	`area` text NOT NULL,
	`price` integer NOT NULL,
	`amount` integer NOT NULL,
	`total` integer NOT NULL,
	`status` text NOT NULL,
	`variant` text DEFAULT '[]' NOT NULL,
	`note` text,
	FOREIGN KEY (`history_id`) REFERENCES `order_history`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_history_lines_history` ON `order_history_lines` (`history_id`);--> statement-breakpoint
CREATE INDEX `order_history_lines_business_completed` ON `order_history_lines` (`business_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `order_history_lines_business_dish` ON `order_history_lines` (`business_id`,`dish_id`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`business_id` text NOT NULL,
	`seq` integer NOT NULL,
	`dish_id` text,
	`name` text NOT NULL,
	`price` integer NOT NULL,
	`amount` integer NOT NULL,
	`variant` text DEFAULT '[]' NOT NULL,
	`note` text,
	`selected_option` text NOT NULL,
	`category_id` text,
	`category_name` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'preparation' NOT NULL,
	`printed` integer DEFAULT false NOT NULL,
	`accettato` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`last_update` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_lines_order` ON `order_lines` (`order_id`,`seq`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`kind` text NOT NULL,
	`table_id` text,
	`nome` text,
	`cognome` text,
	`telefono` text,
	`email` text,
	`indirizzo` text,
	`comune` text,
	`note_consegna` text,
	`orario` text,
	`slot_date` text,
	`prima_possibile` integer DEFAULT false NOT NULL,
	`accettato` integer DEFAULT true NOT NULL,
	`sconto` integer DEFAULT 0 NOT NULL,
	`costo_consegna` integer DEFAULT 0 NOT NULL,
	`service_fee` integer DEFAULT 0 NOT NULL,
	`payment_method` text,
	`payment_intent_id` text,
	`account_id_payment` text,
	`status_pay` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_open_table` ON `orders` (`table_id`) WHERE "orders"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `orders_business_open` ON `orders` (`business_id`,`closed_at`);--> statement-breakpoint
CREATE INDEX `orders_business_slot` ON `orders` (`business_id`,`slot_date`,`orario`);--> statement-breakpoint
CREATE INDEX `orders_payment_intent` ON `orders` (`payment_intent_id`);