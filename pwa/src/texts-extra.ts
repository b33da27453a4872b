/**
 * Interface texts the PWA needs that the shared-schema catalogue (`t` / `tf`) does not have.
 * Each one is meant to move into `shared-schema/src/texts.ts`; until then the screens read them
 * from here so that no Italian string is typed inside a component.
 */
export const x = {
  appName: 'Comanda',
  skipToContent: 'Vai al contenuto',
  mainNavigation: 'Navigazione principale',
  reload: 'Ricarica',

  // Errors of the data layer (t.networkError covers "no answer at all")
  serverTimeout: 'Il server non risponde. Riprova tra poco.',
  requestAborted: 'Richiesta annullata.',
  serverUnavailable: 'Servizio momentaneamente non disponibile. Riprova tra poco.',
  storageFailed: 'Impossibile salvare i dati sul dispositivo.',
  sessionExpired: 'La sessione è scaduta: accedi di nuovo per inviare le modifiche in attesa.',

  // Cookie banner
  cookieBannerLabel: 'Informativa sui cookie',
  cookieMore: 'Informativa sulla privacy',

  // Public pages
  homeIntro:
    'Comanda porta il menu del locale sul telefono dei clienti e gli ordini in tempo reale al banco, in cucina e al bar. Funziona anche quando la connessione va e viene: nessun ordine va perso.',
  homeCustomersTitle: 'Sei un cliente?',
  homeCustomersText:
    'Inquadra con la fotocamera il codice QR che trovi sul tavolo: si apre il menu del locale e puoi ordinare direttamente dal tuo posto. Puoi entrare con un account o come ospite.',
  homeOwnersTitle: 'Gestisci un locale?',
  homeOwnersText:
    'Ricevi gli ordini dei tavoli, le consegne e i ritiri su una dashboard in tempo reale, gestisci sale, tavoli e menu, stampa le comande e chatta con i tavoli.',
  homeRegisterVenue: 'Registra il tuo locale',
  homeRegisterCustomer: 'Crea un account cliente',
  privacyLink: 'Privacy',
  termsLink: 'Termini e condizioni',
  backHome: 'Torna alla home',
  notFoundText: "L'indirizzo che hai aperto non esiste o non è più disponibile.",

  // Sign in, sign up, password
  accountKind: 'Tipo di account',
  customer: 'Cliente',
  owner: 'Gestore',
  guestHint: 'Come ospite puoi ordinare dal tavolo senza registrarti.',
  passwordHint: 'Almeno 8 caratteri',
  readTerms: 'Leggi i termini e le condizioni',
  goToSignin: "Vai all'accesso",
  restoreIntro: "Inserisci l'email del tuo account: ti invieremo un link per impostare una nuova password.",
  newPasswordTitle: 'Imposta una nuova password',
  confirmPassword: 'Conferma la password',
  passwordsDiffer: 'Le password non coincidono',

  // Customer area
  userHomeScan:
    'Per ordinare inquadra con la fotocamera il codice QR che trovi sul tavolo: si aprirà il menu del locale.',
  userHomeGuest: 'Stai usando Comanda come ospite.',
  userHomeDelivery: 'Per una consegna o un ritiro apri il link che il locale ti ha condiviso.',

  // Owner area
  ownerHome: 'Home',
  navDashboard: 'Dashboard',
  navRoom: 'Sala',
  navTables: 'Tavoli',
  navMenu: 'Menu',
  navReport: 'Report',
  navProfile: 'Profilo',
  navDashboardHint: 'Ordini in arrivo e stato dei piatti',
  navRoomHint: 'Sale e disposizione dei tavoli',
  navTablesHint: 'Tutti i tavoli: liberi, occupati, conti e QR',
  navMenuHint: 'Piatti, categorie e varianti',
  navDeliveryHint: 'Consegne e ritiri da accettare',
  navChatHint: 'Messaggi dai tavoli',
  navReportHint: 'Incassi e storico',
  navProfileHint: 'Orari, costo di consegna e dati del locale',
  openNavigation: 'Apri la navigazione',
  connectionState: 'Stato della connessione',
  connected: 'Connesso',
  connecting: 'Connessione in corso...',
  disconnected: 'Non connesso',
  allSaved: 'Tutte le modifiche sono salvate',
  refusedChanges: 'Modifiche rifiutate',

  // Screen titles
  ownerReservationTitle: 'Ordina per il tavolo',
  userReservationTitle: 'Ordina dal tavolo',
  userHistoryTitle: 'Storico ordini',
  userCartTitle: 'Carrello',
  userDeliverySuccessTitle: 'Pagamento completato',

  // Owner room screen (spec 2.4, 2.5)
  roomTabsLabel: 'Sale',
  roomToolbarLabel: 'Gestione della sala',
  existingRooms: 'Sale esistenti',
  noTablesInRoom: 'Nessun tavolo in questa sala.',
  moveTableHint: 'Trascina il tavolo o usa le frecce per spostarlo.',
  tableStateBusy: 'Con ordini',
  tableStateFree: 'Libero',
  tableMarkBusy: 'Segna come occupato',
  tableMarkFree: 'Segna come libero',
  tableStatusOffline: 'Lo stato del tavolo non si può cambiare offline.',
  printQr: 'Stampa QR',
  qrSheetHint: 'Un codice per tavolo: i clienti lo inquadrano per aprire il menu e ordinare.',
} as const;

/** Texts of `x` with placeholders. */
export const xf = {
  roomLayout: (room: string) => `Disposizione dei tavoli: ${room}`,
  roomNameLabel: (room: string) => `Nome della sala ${room}`,
  renameRoomLabel: (room: string) => `Rinomina ${room}`,
  deleteRoomLabel: (room: string) => `Elimina ${room}`,
  deleteTableQuestion: (n: number | string) => `Eliminare il Tavolo ${n}?`,
  qrSheetTitle: (room: string) => `Codici QR · ${room}`,
  qrAlt: (n: number | string) => `Codice QR del Tavolo ${n}`,
} as const;
