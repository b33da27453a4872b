import {
  KITCHEN_AREAS,
  type ReportAnswer,
  ReportKind,
  ReportPaymentMethod,
  type ReportSummary,
} from '@comanda/shared-schema';
import type { LineGroup, ReportRows } from '../store/report-rollup.ts';
import { datesBetween, isoWeek, monthOf } from './calendar.ts';

/**
 * The report's figures from the SQL groups (`queries.ts`): sums of sums, no row read twice.
 * Definitions are the contract's (shared-schema `api/reports.ts`).
 */

const average = (revenue: number, orders: number) => (orders === 0 ? 0 : Math.round(revenue / orders));

interface Bucket {
  orders: number;
  revenue: number;
}

function add(map: Map<string, Bucket>, key: string, orders: number, revenue: number): void {
  const bucket = map.get(key);
  if (bucket) {
    bucket.orders += orders;
    bucket.revenue += revenue;
  } else map.set(key, { orders, revenue });
}

/** Periods (weeks or months) touching the range, each clipped to it, zeros included. */
function periods(dates: string[], keyOf: (date: string) => string, byDate: Map<string, Bucket>) {
  const out: Array<{ key: string; from: string; to: string; orders: number; revenue: number }> = [];
  for (const date of dates) {
    const key = keyOf(date);
    const day = byDate.get(date);
    let current = out.at(-1);
    if (!current || current.key !== key) {
      current = { key, from: date, to: date, orders: 0, revenue: 0 };
      out.push(current);
    }
    current.to = date;
    current.orders += day?.orders ?? 0;
    current.revenue += day?.revenue ?? 0;
  }
  return out;
}

/** Dish groups merged by dish (latest name and category), by category and by area. */
function lineFigures(lines: LineGroup[]) {
  const dishes = new Map<string, { group: LineGroup; quantity: number; sales: number }>();
  const categories = new Map<string, { group: LineGroup; quantity: number; sales: number }>();
  const areas = new Map(KITCHEN_AREAS.map((area) => [area, { area, quantity: 0, sales: 0 }]));
  const merge = (
    map: Map<string, { group: LineGroup; quantity: number; sales: number }>,
    key: string,
    g: LineGroup,
  ) => {
    const found = map.get(key);
    if (!found) map.set(key, { group: g, quantity: g.quantity, sales: g.sales });
    else {
      found.quantity += g.quantity;
      found.sales += g.sales;
      if (g.last > found.group.last) found.group = g;
    }
  };
  for (const g of lines) {
    // Out-of-menu lines have no dish id: each description is its own entry.
    merge(dishes, g.dishId === null ? `name:${g.name}` : `id:${g.dishId}`, g);
    merge(categories, g.categoryId === null ? `name:${g.categoryName}` : `id:${g.categoryId}`, g);
    const area = areas.get(g.area);
    if (area) {
      area.quantity += g.quantity;
      area.sales += g.sales;
    }
  }
  const bySales = <T extends { sales: number; quantity: number; name: string }>(a: T, b: T) =>
    b.sales - a.sales || b.quantity - a.quantity || a.name.localeCompare(b.name, 'it');
  return {
    dishes: [...dishes.values()]
      .map(({ group, quantity, sales }) => ({
        dishId: group.dishId,
        name: group.name,
        categoryName: group.categoryName,
        quantity,
        sales,
      }))
      .sort(bySales),
    categories: [...categories.values()]
      .map(({ group, quantity, sales }) => ({
        categoryId: group.categoryId,
        name: group.categoryName,
        quantity,
        sales,
      }))
      .sort(bySales),
    areas: [...areas.values()],
  };
}

export function reportFigures(rows: ReportRows, from: string, to: string, today: string): ReportAnswer {
  const summary: ReportSummary = {
    orders: 0,
    revenue: 0,
    averageTicket: 0,
    itemsTotal: 0,
    discounts: 0,
    deliveryFees: 0,
    serviceFees: 0,
  };
  const byDate = new Map<string, Bucket>();
  const byKind = new Map(ReportKind.options.map((kind) => [kind, { kind, orders: 0, revenue: 0 }]));
  const byPayment = new Map(
    ReportPaymentMethod.options.map((method) => [method, { method, orders: 0, revenue: 0, serviceFees: 0 }]),
  );
  for (const g of rows.history) {
    summary.orders += g.orders;
    summary.revenue += g.revenue;
    summary.itemsTotal += g.items;
    summary.discounts += g.discounts;
    summary.deliveryFees += g.deliveryFees;
    summary.serviceFees += g.serviceFees;
    add(byDate, g.date, g.orders, g.revenue);
    const kind = byKind.get(g.kind);
    if (kind) {
      kind.orders += g.orders;
      kind.revenue += g.revenue;
    }
    const method = byPayment.get(g.method);
    if (method) {
      method.orders += g.orders;
      method.revenue += g.revenue;
      method.serviceFees += g.serviceFees;
    }
  }
  summary.averageTicket = average(summary.revenue, summary.orders);

  const dates = datesBetween(from, to);
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, revenue: 0 }));
  for (const h of rows.hours) {
    const slot = hours[h.hour];
    if (slot) {
      slot.orders += h.orders;
      slot.revenue += h.revenue;
    }
  }

  return {
    success: true,
    from,
    to,
    today,
    summary,
    days: dates.map((date) => ({
      date,
      orders: byDate.get(date)?.orders ?? 0,
      revenue: byDate.get(date)?.revenue ?? 0,
    })),
    weeks: periods(dates, (d) => isoWeek(d).key, byDate).map(({ key, ...rest }) => ({ week: key, ...rest })),
    months: periods(dates, monthOf, byDate).map(({ key, ...rest }) => ({ month: key, ...rest })),
    byKind: [...byKind.values()].map((k) => ({ ...k, averageTicket: average(k.revenue, k.orders) })),
    byPayment: [...byPayment.values()],
    hours,
    ...lineFigures(rows.lines),
  };
}
