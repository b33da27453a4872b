import { KITCHEN_AREAS, type KitchenFilter } from '@comanda/shared-schema';
import type { PrinterConfig } from './config.ts';
import type { TicketKind } from './ticket/render.ts';
import type { TicketSource } from './ticket/source.ts';

/** One ticket of a job: which printer, which kind, which area's lines. */
export interface TicketPlan {
  printer: string;
  ticket: TicketKind;
  area: KitchenFilter;
}

/**
 * Which printers a message prints on. A printer of area 'tutto' takes every line, an area's
 * printer that area's lines; a printer with none of its lines prints nothing. Lines of an area
 * that no printer serves go to the first printer as a kitchen ticket of that area: nothing the
 * dashboard sends is dropped for want of a printer. Spares (`onlyBackup`) take failovers only.
 */
export function planTickets(source: TicketSource, printers: readonly PrinterConfig[]): TicketPlan[] {
  const active = printers.filter((p) => !p.onlyBackup);
  const plans: TicketPlan[] = [];
  for (const printer of active) {
    const has = source.lines.some((l) => printer.area === 'tutto' || l.area === printer.area);
    if (has) plans.push({ printer: printer.name, ticket: printer.ticket, area: printer.area });
  }
  const first = active[0];
  if (first && !active.some((p) => p.area === 'tutto')) {
    for (const area of KITCHEN_AREAS) {
      const uncovered = !active.some((p) => p.area === area) && source.lines.some((l) => l.area === area);
      if (uncovered) plans.push({ printer: first.name, ticket: 'kitchen', area });
    }
  }
  return plans;
}
