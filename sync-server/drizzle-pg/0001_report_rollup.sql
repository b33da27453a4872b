-- The daily report rollup (sync-server/src/reports/queries.ts), as drizzle/0005_report_rollup.sql
-- makes it on SQLite: per-day sums kept by triggers in the transaction that writes the history.
CREATE TABLE report_day_orders (
  business_id text NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  service_date text NOT NULL,
  kind text NOT NULL,
  payment_method text NOT NULL,
  opened_hour bigint NOT NULL,
  orders bigint NOT NULL,
  revenue bigint NOT NULL,
  items bigint NOT NULL,
  discounts bigint NOT NULL,
  delivery_fees bigint NOT NULL,
  service_fees bigint NOT NULL,
  PRIMARY KEY (business_id, service_date, kind, payment_method, opened_hour)
);
--> statement-breakpoint
CREATE TABLE report_day_lines (
  business_id text NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  service_date text NOT NULL,
  dish_key text NOT NULL,
  category_key text NOT NULL,
  area text NOT NULL,
  dish_id text,
  name text NOT NULL,
  category_id text,
  category_name text NOT NULL,
  last_completed_at bigint NOT NULL,
  lines bigint NOT NULL,
  quantity bigint NOT NULL,
  sales bigint NOT NULL,
  PRIMARY KEY (business_id, service_date, dish_key, category_key, area)
);
--> statement-breakpoint
CREATE FUNCTION report_day_orders_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_orders AS r VALUES (NEW.business_id, NEW.service_date, NEW.kind, NEW.payment_method,
    NEW.opened_at / 3600000, 1, NEW.totale_pagato, NEW.totale_ordine, NEW.sconto, NEW.costo_consegna,
    NEW.service_fee)
  ON CONFLICT (business_id, service_date, kind, payment_method, opened_hour) DO UPDATE SET
    orders = r.orders + 1, revenue = r.revenue + excluded.revenue, items = r.items + excluded.items,
    discounts = r.discounts + excluded.discounts, delivery_fees = r.delivery_fees + excluded.delivery_fees,
    service_fees = r.service_fees + excluded.service_fees;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_day_orders_insert AFTER INSERT ON order_history
  FOR EACH ROW EXECUTE FUNCTION report_day_orders_add();
--> statement-breakpoint
CREATE FUNCTION report_day_orders_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_day_orders SET orders = orders - 1, revenue = revenue - OLD.totale_pagato,
    items = items - OLD.totale_ordine, discounts = discounts - OLD.sconto,
    delivery_fees = delivery_fees - OLD.costo_consegna, service_fees = service_fees - OLD.service_fee
  WHERE business_id = OLD.business_id AND service_date = OLD.service_date AND kind = OLD.kind
    AND payment_method = OLD.payment_method AND opened_hour = OLD.opened_at / 3600000;
  DELETE FROM report_day_orders WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND kind = OLD.kind AND payment_method = OLD.payment_method AND opened_hour = OLD.opened_at / 3600000
    AND orders <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_day_orders_delete AFTER DELETE ON order_history
  FOR EACH ROW EXECUTE FUNCTION report_day_orders_remove();
--> statement-breakpoint
CREATE FUNCTION report_day_lines_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_lines AS r VALUES (NEW.business_id, NEW.service_date,
    coalesce(NEW.dish_id, 'name:' || NEW.name), coalesce(NEW.category_id, ''), NEW.area, NEW.dish_id,
    NEW.name, NEW.category_id, NEW.category_name, NEW.completed_at, 1, NEW.amount, NEW.total)
  ON CONFLICT (business_id, service_date, dish_key, category_key, area) DO UPDATE SET
    name = CASE WHEN excluded.last_completed_at >= r.last_completed_at THEN excluded.name ELSE r.name END,
    category_name = CASE WHEN excluded.last_completed_at >= r.last_completed_at
      THEN excluded.category_name ELSE r.category_name END,
    last_completed_at = greatest(r.last_completed_at, excluded.last_completed_at),
    lines = r.lines + 1, quantity = r.quantity + excluded.quantity, sales = r.sales + excluded.sales;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_day_lines_insert AFTER INSERT ON order_history_lines
  FOR EACH ROW WHEN (NEW.status <> 'owner_deleted') EXECUTE FUNCTION report_day_lines_add();
--> statement-breakpoint
CREATE FUNCTION report_day_lines_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_day_lines SET lines = lines - 1, quantity = quantity - OLD.amount, sales = sales - OLD.total
  WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND dish_key = coalesce(OLD.dish_id, 'name:' || OLD.name) AND category_key = coalesce(OLD.category_id, '')
    AND area = OLD.area;
  DELETE FROM report_day_lines WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND dish_key = coalesce(OLD.dish_id, 'name:' || OLD.name) AND category_key = coalesce(OLD.category_id, '')
    AND area = OLD.area AND lines <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_day_lines_delete AFTER DELETE ON order_history_lines
  FOR EACH ROW WHEN (OLD.status <> 'owner_deleted') EXECUTE FUNCTION report_day_lines_remove();
