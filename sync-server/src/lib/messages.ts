import { t } from '@comanda/shared-schema';

/**
 * Texts of the server's error answers: the catalogue's where it has them; the rest (the spec
 * leaves them open: "Other server error texts are not shown") belong in the catalogue too and
 * wait here until it has them.
 */
export const msg = {
  validation: 'Dati non validi',
  badJson: 'Il corpo della richiesta non è un JSON valido',
  unstorableText: 'Il testo contiene caratteri non ammessi',
  tooLarge: 'Richiesta troppo grande',
  requestTimeout: 'Richiesta non arrivata in tempo: riprova',
  unsupportedMedia: 'Formato della richiesta non supportato: usare application/json',
  notFound: 'Risorsa non trovata',
  unauthorized: 'Accesso richiesto',
  forbidden: 'Operazione non consentita',
  crossOrigin: "Richiesta da un'origine non consentita",
  rateLimited: t.tooManyAttempts,
  internal: t.genericError,
  unavailable: 'Servizio momentaneamente non disponibile, riprova',
  invalidCredentials: t.invalidCredentials,
  tokenInvalid: t.invalidLink,
  socialUnavailable: 'Accesso social non configurato',
  sessionInvalid: 'Sessione non valida o scaduta',
  mutationGap: 'Modifica fuori sequenza',
  mutationHeaders: 'Intestazioni x-client-id e x-mutation-id non valide',
  clientIdTaken: 'Questo dispositivo è registrato per un altro account',
  mutationForgotten: 'Modifica già applicata',
  mutationReused: "Questo numero di modifica è già stato usato per un'altra operazione",
  hostNotAllowed: 'Indirizzo del server non riconosciuto: apri Comanda dal suo indirizzo',
  idempotencyReused: "Idempotency-Key già usata per un'altra richiesta",
  venueNotFound: 'Locale non trovato',
  liveUnavailable: 'Connessione live disponibile solo via websocket',
} as const;
