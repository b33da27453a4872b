ALTER TABLE `order_lines` ADD `created_version` integer;--> statement-breakpoint
/*
 * Every line records the business version of the mutation that added it, whichever code path
 * inserts it (a customer's order, the owner's out-of-menu line, a delivery). A line is inserted
 * inside its mutation's write transaction before the change log bumps the version by one, so the
 * mutation's version is the stored one plus one. Complete and delete compare it with the version
 * the tablet saw (seenVersion).
 */
CREATE TRIGGER `order_lines_created_version` AFTER INSERT ON `order_lines`
FOR EACH ROW WHEN NEW.`created_version` IS NULL
BEGIN
  UPDATE `order_lines`
  SET `created_version` = (SELECT `version` + 1 FROM `businesses` WHERE `id` = NEW.`business_id`)
  WHERE `id` = NEW.`id`;
END;
