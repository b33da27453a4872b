/**
 * The Italian text catalogue: every interface string of the spec, quoted exactly, plus the
 * product's own. The UI and the tests read from here; nothing Italian is typed anywhere else.
 */
export const t = {
  notFoundTitle: 'Pagina non trovata',
  close: 'Chiudi',
  cancel: 'Annulla',
  confirm: 'Conferma',
  connectionLost: 'Connessione persa, tentativo di riconnessione...',
  connectionRestored: 'Connessione ristabilita.',
  requiredField: 'Campo obbligatorio',
  genericError: 'Si è verificato un errore',
} as const;

/** Texts with placeholders. */
export const tf = {
  tableCallsWaiter: (n: number | string) => `Il Tavolo ${n} richiede il cameriere`,
} as const;
