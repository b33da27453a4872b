ALTER TABLE `handoff_tokens` ADD `via_session_id` text REFERENCES sessions(id) ON UPDATE no action ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `sessions` ADD `return_session_id` text;--> statement-breakpoint
CREATE INDEX `sessions_return` ON `sessions` (`return_session_id`);