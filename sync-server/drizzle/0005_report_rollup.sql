-- The daily report rollup (sync-server/src/reports/rollup.ts): per-day sums kept by triggers,
-- filled from the history already there.
CREATE TABLE report_day_orders (
  business_id TEXT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  service_date TEXT NOT NULL,
  kind TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  opened_hour INTEGER NOT NULL,
  orders INTEGER NOT NULL,
  revenue INTEGER NOT NULL,
  items INTEGER NOT NULL,
  discounts INTEGER NOT NULL,
  delivery_fees INTEGER NOT NULL,
  service_fees INTEGER NOT NULL,
  PRIMARY KEY (business_id, service_date, kind, payment_method, opened_hour)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE report_day_lines (
  business_id TEXT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  service_date TEXT NOT NULL,
  dish_key TEXT NOT NULL,
  category_key TEXT NOT NULL,
  area TEXT NOT NULL,
  dish_id TEXT,
  name TEXT NOT NULL,
  category_id TEXT,
  category_name TEXT NOT NULL,
  last_completed_at INTEGER NOT NULL,
  lines INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  sales INTEGER NOT NULL,
  PRIMARY KEY (business_id, service_date, dish_key, category_key, area)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER report_day_orders_insert AFTER INSERT ON order_history BEGIN
  INSERT INTO report_day_orders VALUES (NEW.business_id, NEW.service_date, NEW.kind, NEW.payment_method,
    NEW.opened_at / 3600000, 1, NEW.totale_pagato, NEW.totale_ordine, NEW.sconto, NEW.costo_consegna,
    NEW.service_fee)
  ON CONFLICT (business_id, service_date, kind, payment_method, opened_hour) DO UPDATE SET
    orders = orders + 1, revenue = revenue + excluded.revenue, items = items + excluded.items,
    discounts = discounts + excluded.discounts, delivery_fees = delivery_fees + excluded.delivery_fees,
    service_fees = service_fees + excluded.service_fees;
END;
--> statement-breakpoint
CREATE TRIGGER report_day_orders_delete AFTER DELETE ON order_history BEGIN
  UPDATE report_day_orders SET orders = orders - 1, revenue = revenue - OLD.totale_pagato,
    items = items - OLD.totale_ordine, discounts = discounts - OLD.sconto,
    delivery_fees = delivery_fees - OLD.costo_consegna, service_fees = service_fees - OLD.service_fee
  WHERE business_id = OLD.business_id AND service_date = OLD.service_date AND kind = OLD.kind
    AND payment_method = OLD.payment_method AND opened_hour = OLD.opened_at / 3600000;
  DELETE FROM report_day_orders WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND kind = OLD.kind AND payment_method = OLD.payment_method AND opened_hour = OLD.opened_at / 3600000
    AND orders <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER report_day_lines_insert AFTER INSERT ON order_history_lines
WHEN NEW.status <> 'owner_deleted' BEGIN
  INSERT INTO report_day_lines VALUES (NEW.business_id, NEW.service_date,
    coalesce(NEW.dish_id, 'name:' || NEW.name), coalesce(NEW.category_id, ''), NEW.area, NEW.dish_id,
    NEW.name, NEW.category_id, NEW.category_name, NEW.completed_at, 1, NEW.amount, NEW.total)
  ON CONFLICT (business_id, service_date, dish_key, category_key, area) DO UPDATE SET
    name = CASE WHEN excluded.last_completed_at >= last_completed_at THEN excluded.name ELSE name END,
    category_name = CASE WHEN excluded.last_completed_at >= last_completed_at
      THEN excluded.category_name ELSE category_name END,
    last_completed_at = max(last_completed_at, excluded.last_completed_at),
    lines = lines + 1, quantity = quantity + excluded.quantity, sales = sales + excluded.sales;
END;
--> statement-breakpoint
CREATE TRIGGER report_day_lines_delete AFTER DELETE ON order_history_lines
WHEN OLD.status <> 'owner_deleted' BEGIN
  UPDATE report_day_lines SET lines = lines - 1, quantity = quantity - OLD.amount, sales = sales - OLD.total
  WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND dish_key = coalesce(OLD.dish_id, 'name:' || OLD.name) AND category_key = coalesce(OLD.category_id, '')
    AND area = OLD.area;
  DELETE FROM report_day_lines WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND dish_key = coalesce(OLD.dish_id, 'name:' || OLD.name) AND category_key = coalesce(OLD.category_id, '')
    AND area = OLD.area AND lines <= 0;
END;
--> statement-breakpoint
INSERT INTO report_day_orders
  SELECT business_id, service_date, kind, payment_method, opened_at / 3600000, count(*), sum(totale_pagato),
    sum(totale_ordine), sum(sconto), sum(costo_consegna), sum(service_fee)
  FROM order_history GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_day_lines
  SELECT business_id, service_date, coalesce(dish_id, 'name:' || name), coalesce(category_id, ''), area,
    dish_id, name, category_id, category_name, max(completed_at), count(*), sum(amount), sum(total)
  FROM order_history_lines WHERE status <> 'owner_deleted' GROUP BY 1, 2, 3, 4, 5;
