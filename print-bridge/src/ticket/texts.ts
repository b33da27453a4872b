import { formatEuro, t, tf } from '@comanda/shared-schema';

/**
 * What a ticket reads. The order view's own words come from the catalogue (spec 2.12 rows,
 * 'Tavolo {n}', 'Consegna', 'Ritiro', 'Orario'); the few that only paper needs live here.
 */
export const ticketTexts = {
  table: (n: number | string) => tf.table(n),
  subtotal: t.rowSubtotal,
  deliveryCost: t.rowDeliveryCost,
  serviceCosts: t.rowServiceCosts,
  total: t.rowTotal,
  discount: t.rowDiscount,
  newTotal: t.rowNewTotal,
  delivery: t.delivery,
  pickup: t.pickup,
  time: t.time,
  asSoonAsPossible: t.asSoonAsPossible,
  phone: t.phone,
  deliveryNotes: t.deliveryNotes,
  note: t.noteLabel,
  area: t.menuKitchenArea,
  backupCopy: 'COPIA DI RISERVA',
  backupCopyOf: (printer: string) => `al posto della stampante ${printer}`,
  notFiscal: 'Documento non fiscale',
  nothingToPrint: 'Nessuna riga da stampare',
  testTitle: 'Prova di stampa',
  testBody: 'Se leggi questo foglio la stampante funziona: € àèéìòù',
  cut: '- - - - - - - - - - - - taglio - - - - - - - - - - - -',
} as const;

/** Negative money for the discount row: '-2,00 €'. */
export const minusEuro = (cents: number): string => formatEuro(-cents);

export const areaLabel = (area: string): string => area.toUpperCase();
