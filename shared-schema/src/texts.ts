import { formatAmount, formatEuro } from './rules/money.ts';
import { removedOptionsNote } from './rules/notes.ts';

/**
 * The Italian text catalogue: every interface string of the spec, quoted exactly, plus the
 * product's own (marked "ours"). The UI and the tests read from here; nothing Italian is typed
 * anywhere else. Keys are English and grouped by screen; one flat object so `t.close` etc. stay
 * where every package already reads them.
 */
export const t = {
  // ---- common (spec 2.1, 2.6, 2.11)
  notFoundTitle: 'Pagina non trovata',
  close: 'Chiudi',
  cancel: 'Annulla',
  confirm: 'Conferma',
  back: 'Indietro',
  goBack: 'torna indietro',
  loading: 'Caricamento...', // ours
  retry: 'Riprova', // ours
  save: 'Salva', // ours
  table: 'Tavolo',
  genericError: 'Si è verificato un errore',
  networkError: 'Impossibile contattare il server. Controlla la connessione.', // ours
  chunkLoadError: "Impossibile caricare una parte dell'app. Ricarica la pagina.", // ours

  // ---- owner connection banners (spec 2.6)
  connectionLost: 'Connessione persa, tentativo di riconnessione...',
  connectionRestored: 'Connessione ristabilita.',

  // ---- rooms and tables (spec 2.4, 2.5, 5, 8)
  manageRooms: 'Gestisci sale',
  newRoomName: 'Nome nuova sala',
  manageTables: 'Gestisci tavoli',
  enableOrders: 'Abilita ordini',
  addRoom: 'Aggiungi sala', // ours
  renameRoom: 'Rinomina', // ours
  addTable: 'Aggiungi tavolo', // ours
  tableMenuView: 'Visualizza',
  tableMenuOrder: 'Ordina',
  tableMenuDelete: 'Elimina',
  invalidRoomName: 'Nome vuoto o troppo lungo',
  roomNotEmpty: 'Impossibile eliminare una sala contenente tavoli',
  noRooms: 'Nessuna sala. Aggiungine una con «Gestisci sale».', // ours
  roomNotFound: 'Sala non trovata', // ours: a room id that is not one of this venue's
  tableNotFound: 'Tavolo non trovato', // ours: a table id that is not one of this venue's
  tableHasOrders: 'Impossibile eliminare un tavolo con ordini aperti', // ours
  idTaken: 'Identificativo già in uso', // ours: a client-generated id that already exists

  // ---- dashboard (spec 2.6, 2.12, 4, 9)
  outOfMenu: 'Fuori menu',
  chat: 'Chat', // ours
  kitchenFilterAll: 'tutto',
  kitchenAreaKitchen: 'cucina',
  kitchenAreaBar: 'bar',
  kitchenAreaFried: 'fritti',
  callWaiter: 'Chiamate cameriere', // ours: label of the bell button
  deliveries: 'Consegne', // ours: label of the delivery button
  printedCompleted: 'Completato',
  printedInPreparation: 'In preparazione',
  lineStatusPreparation: 'In preparazione', // ours: dish status cycle labels (spec 4)
  lineStatusReady: 'Pronto', // ours
  lineStatusCompleted: 'Completato', // ours
  lineStatusDeleted: 'Eliminato', // ours
  restore: 'Ripristina', // ours
  accept: 'Accetta', // ours
  reject: 'Rifiuta', // ours
  paid: 'Pagato', // ours
  notPaid: 'Da pagare', // ours
  soundError: 'Errore notifica suono',
  noWaiterCalls: 'Nessun tavolo ha chiamato', // ours: the bell's list when empty
  dismissWaiterCall: 'Servito', // ours: dismiss a table's call (spec 2.6)
  callWaiterButton: 'Chiama il cameriere', // ours: the customer's button
  waiterCalled: 'Il cameriere sta arrivando', // ours: after the customer's call
  kitchenAgeSettings: 'Tempi dei ticket', // ours: the kitchen screen's ageing thresholds
  kitchenAgeWarn: 'Giallo dopo (minuti)', // ours
  kitchenAgeLate: 'Rosso dopo (minuti)', // ours
  kitchenAgeInvalid: 'Il rosso deve arrivare dopo il giallo', // ours

  // ---- order view dialog (spec 2.12)
  columnQuantity: 'Quantità',
  columnName: 'Nome',
  columnVariant: 'Variante',
  columnNote: 'Note',
  columnPrice: 'Prezzo',
  columnActions: 'Azioni',
  rowSubtotal: 'Subtotale',
  rowDeliveryCost: 'Costo consegna',
  rowServiceCosts: 'Costi di servizio',
  rowTotal: 'TOTALE',
  rowDiscount: 'Sconto',
  rowNewTotal: 'NUOVO TOTALE',
  edit: 'Modifica',
  finishEditing: 'Termina',
  print: 'Stampa', // ours
  completeOrder: 'Completa', // ours: the complete button of the order view
  completeOrderConfirm: "Completare l'ordine? Il tavolo verrà liberato.", // ours
  // ---- what 'Completa' collects (ours): 'Da incassare 54,00 €', 'Pagamento: alla cassa'
  collectDue: 'Da incassare', // ours
  collectNothing: 'Niente da incassare', // ours: a paid order
  collectAtCounter: 'alla cassa', // ours: a table, cassa
  collectOnDelivery: 'alla consegna', // ours: a Consegna, cassa
  collectAtPickup: 'alla cassa, al ritiro', // ours: a Ritiro, cassa
  collectByCard: 'con carta', // ours
  collectAlreadyPaid: 'già pagato', // ours
  collectCardNotPaid: 'carta non pagata', // ours: a card order whose payment never went through
  // ---- order view and out-of-menu dialogs (ours)
  increaseQuantity: 'Aumenta quantità', // ours
  decreaseQuantity: 'Diminuisci quantità', // ours
  increaseDiscount: 'Aumenta sconto', // ours
  decreaseDiscount: 'Diminuisci sconto', // ours
  // Typed amounts and quick discounts in the order view (spec 5 rules, ours)
  discountQuick: 'Sconto rapido', // ours: the group of percentage buttons
  moneyInvalid: 'Importo non valido: scrivi per esempio 12,50', // ours
  moneyNegative: "L'importo non può essere negativo", // ours
  moneyTooPrecise: 'Al massimo due decimali, per esempio 12,50', // ours
  moneyTooLarge: 'Importo troppo alto', // ours
  // Quick confirmations in the generic snackbar (spec 9, ours)
  confirmations: 'Conferme', // ours: the snackbar's region
  deliveryRejectedNotice: 'Ordine rifiutato', // ours
  orderLines: "Piatti dell'ordine", // ours: accessible name of the lines table
  orderTotals: "Totali dell'ordine", // ours
  emptyOrder: 'Nessun piatto in questo ordine.', // ours
  savingChanges: 'Salvataggio delle modifiche...', // ours
  receipt: 'Ricevuta', // ours: the print view
  addOutOfMenu: 'Aggiungi', // ours: submit of the out-of-menu dialog

  // ---- out-of-menu dialog (spec 5, 8)
  outOfMenuDescription: 'Descrizione', // ours: field label
  outOfMenuPrice: 'Prezzo', // ours
  outOfMenuKind: 'Tipologia', // ours
  describeRequest: 'Descrivi la richiesta',
  descriptionTooLong: 'La descrizione non può superare i 150 caratteri.',
  priceEmpty: 'Il prezzo non può essere vuoto',
  invalidPrice: 'Prezzo non valido', // ours
  invalidTime: 'Orario non valido (HH:MM)', // ours
  phoneDigitsOnly: 'Il telefono può contenere solo cifre', // ours
  invalidHost: 'Indirizzo non valido', // ours: print bridge address
  tableOrDeliveryRequired: 'Indicare il tavolo o la consegna', // ours
  tableRequired: 'Indicare il tavolo', // ours
  chooseKind: 'Selezionare la tipologia',

  // ---- menu ordering dialog and variant picker (spec 2.7, 2.8, 5)
  newDeliveryOrPickup: 'Nuova consegna / Ritiro',
  viewAndSend: 'Visualizza e invia',
  venueClosed: 'Il locale è chiuso in questo momento',
  checkOpeningHours: 'Controlla o modifica gli orari di apertura nella sezione profilo.', // ours
  addToCart: 'Aggiungi al carrello',
  noThanks: 'no, grazie!',
  chooseAtLeastOne: 'Selezionare almeno una categoria',
  mandatoryChoice: '(scelta obbligatoria)',
  orderingDisabled: 'Gli ordini sono momentaneamente disabilitati.', // ours
  invalidTable: 'Tavolo non valido.', // ours

  // ---- owner menu (/owner/menu; ours: the spec shows no texts for it)
  menuTitle: 'Menu', // ours
  menuNewCategory: 'Nuova categoria', // ours
  menuEditCategory: 'Modifica categoria', // ours
  menuNewDish: 'Nuovo piatto', // ours
  menuEditDish: 'Modifica piatto', // ours
  menuAddDish: 'Aggiungi piatto', // ours: the per-category add button
  menuName: 'Nome', // ours
  menuKitchenArea: 'Reparto', // ours: the kitchen area (cucina, bar, fritti) of a category
  menuKitchenAreaHint: 'I piatti di questa categoria arrivano a questo reparto.', // ours
  menuPrice: 'Prezzo', // ours
  menuCategory: 'Categoria', // ours
  menuDescription: 'Descrizione', // ours
  menuAvailable: 'Disponibile', // ours
  menuUnavailable: 'Non disponibile', // ours
  menuVariants: 'Varianti', // ours
  menuNoVariants: "Nessuna variante: il piatto si ordina così com'è.", // ours
  menuAddVariant: 'Aggiungi variante', // ours
  menuRemoveVariant: 'Rimuovi variante', // ours
  menuVariantName: 'Nome variante', // ours
  menuMultiChoice: 'Scelta multipla', // ours
  menuMultiChoiceHint:
    'Senza scelta multipla il cliente deve scegliere una sola opzione (scelta obbligatoria).', // ours
  menuOption: 'Opzione', // ours
  menuOptionPrice: 'Supplemento', // ours: an option's price, added to the dish's
  menuAddOption: 'Aggiungi opzione', // ours
  menuRemoveOption: 'Rimuovi opzione', // ours
  menuEdit: 'Modifica', // ours
  menuDelete: 'Elimina', // ours
  menuIncreasePrice: 'Aumenta prezzo', // ours
  menuDecreasePrice: 'Diminuisci prezzo', // ours
  menuSearch: 'Cerca piatto', // ours
  menuClearSearch: 'Cancella ricerca', // ours
  menuNoDishesFound: 'Nessun piatto trovato.', // ours
  menuNoCategories: 'Il menu è vuoto. Inizia con «Nuova categoria».', // ours
  menuEmptyCategory: 'Nessun piatto in questa categoria.', // ours
  menuCategoryNotEmpty: 'Impossibile eliminare una categoria che contiene piatti', // ours: CATEGORY_NOT_EMPTY
  menuChooseCategory: 'Selezionare la categoria', // ours
  menuNameTooLong: 'Il nome non può superare i 100 caratteri', // ours
  menuDescriptionTooLong: 'La descrizione non può superare i 500 caratteri.', // ours
  menuPriceNegative: 'Il prezzo non può essere negativo', // ours
  menuPriceTooPrecise: 'Al massimo due decimali', // ours
  menuPriceTooLarge: 'Prezzo troppo alto', // ours
  menuVariantNeedsOption: "Aggiungi almeno un'opzione", // ours
  menuDuplicateVariant: 'Esiste già una variante con questo nome', // ours
  menuDuplicateCategory: 'Esiste già una categoria con questo nome', // ours
  menuDuplicateOption: "Esiste già un'opzione con questo nome", // ours
  menuTooManyVariants: 'Al massimo 50 varianti', // ours
  menuTooManyOptions: 'Al massimo 100 opzioni', // ours
  menuFixErrors: 'Correggi i campi segnalati.', // ours

  // ---- menu and ordering, server answers
  categoryNotFound: 'Categoria non trovata', // ours: a category id that is not one of this venue's
  dishNotFound: 'Piatto non trovato', // ours
  invalidAmount: 'Quantità non valida: da 1 a 999', // ours
  invalidCartLine: 'Riga del carrello non valida: quantità intera da 1 a 999, nota al massimo 150 caratteri.', // ours
  outOfMenuOwnerOnly: 'Solo il gestore può aggiungere richieste fuori menu', // ours
  // Quotas on customers' orders (per session, table and address): 429, retried later.
  orderQuotaExceeded: 'Troppi ordini in poco tempo: attendi qualche minuto e riprova, o chiedi al personale.', // ours: RATE_LIMITED

  // ---- owner dashboard, server answers (ours: the spec leaves them open)
  noOpenOrder: 'Nessun ordine aperto per questo tavolo o consegna', // ours
  orderLineNotFound: "Piatto non trovato nell'ordine", // ours: a line id that is not one of this venue's
  orderAlreadyCompleted: "L'ordine è già stato completato", // ours
  completionTwoOrders: 'Il completamento indica due ordini diversi', // ours: VALIDATION (id and table.id differ)
  orderChangedSinceSeen: "Sono arrivati nuovi piatti per questo ordine: controlla l'ordine e riprova.", // ours: seenVersion conflict
  orderNotAccepted: "L'ordine non è ancora stato accettato", // ours
  deletedLineRestoreFirst: 'Piatto eliminato: ripristinalo prima di cambiarne lo stato', // ours
  invalidDiscount: 'Sconto non valido: da 0 a meno del subtotale, al centesimo', // ours
  discountNotAvailable: 'Sconto non disponibile: ordine pagato con carta o non ancora accettato', // ours
  paidOrderNotDeletable: 'Ordine pagato con carta: completalo o rifiutalo, non si può eliminare', // ours

  // ---- owner dashboard screen (ours unless quoted)
  kitchenDisplay: 'Schermo cucina', // ours: the kitchen display (/owner/kitchen) and the dashboard's link to it
  kitchenFilterLabel: 'Reparto', // ours: label of the kitchen-area filter
  dashboardEmpty: 'Nessun ordine aperto.', // ours
  notifications: 'Notifiche', // ours: the toast region
  printedYes: 'Stampato', // ours: a dashboard line's print state, apart from its dish status
  printedNo: 'Da stampare', // ours

  // ---- kitchen display (/owner/kitchen; ours unless quoted)
  kitchenExit: 'Esci', // ours: the owner's way out of the kitchen display
  kitchenExitLabel: 'Esci dallo schermo cucina', // ours
  kitchenFullscreen: 'Schermo intero', // ours
  kitchenFullscreenExit: 'Esci da schermo intero', // ours
  kitchenBump: 'Tutto pronto', // ours: the ticket's bump (every dish ready, the ticket leaves)
  kitchenEmpty: 'Nessun piatto da preparare.', // ours
  kitchenTickets: 'Ticket da preparare', // ours: the board's accessible name
  soundBlocked: 'Tocca per attivare i suoni', // ours: the browser blocks sound until a tap

  // ---- cart (spec 2.9, 5)
  cartEmpty: 'Il carrello è vuoto.',
  remove: 'Rimuovi',
  addNote: 'Aggiungi nota',
  noteTooLong: 'Note cannot exceed 150 characters.',

  // ---- customer ordering (table menu, cart, send, history; ours unless quoted)
  sendingOrder: 'Invio in corso…', // ours
  sendWaitingOffline: "Connessione assente: l'ordine partirà appena torna la rete.", // ours
  sendStalled: "L'ordine non è ancora arrivato al locale. Controlla la connessione e riprova.", // ours
  businessIdError: 'Locale non trovato: controlla il link o il codice QR.', // ours: business_id_error
  dishError: 'Impossibile caricare il menu. Riprova tra poco.', // ours: dish_error
  historyError: 'Impossibile caricare lo storico degli ordini.', // ours: history_error
  orderErased: 'Il conto del tavolo è stato chiuso: il carrello è stato svuotato.', // ours: live eraseOrder
  menuCategories: 'Categorie', // ours
  openCategories: 'Tutte le categorie', // ours: the mobile side drawer
  menuDishes: 'Piatti', // ours
  cartTitle: 'Carrello', // ours
  decreaseAmount: 'Diminuisci', // ours
  increaseAmount: 'Aumenta', // ours
  editNote: 'Modifica nota', // ours
  noteLabel: 'Nota', // ours
  saveNote: 'Salva nota', // ours
  removeNote: 'Rimuovi nota', // ours
  orderTotal: 'Totale', // ours
  noDishes: 'Nessun piatto disponibile.', // ours
  ingredientsHint: 'Togli la spunta agli ingredienti che non vuoi.', // ours
  ingredientsAsMenu: '(come da menu)', // ours: beside a group's 'no, grazie!' (spec 2.8)
  ingredientsCustomize: 'Personalizza', // ours: the other choice of a group with 'no, grazie!'
  historyTitle: 'Storico ordini', // ours
  historyEmpty: 'Nessun ordine per questo tavolo.', // ours
  tableSections: 'Sezioni del tavolo', // ours
  sectionMenu: 'Menu', // ours
  sectionHistory: 'Storico', // ours
  sectionChat: 'Chat', // ours
  sectionCart: 'Carrello', // ours
  orderOnBehalf: 'Ordine per il tavolo', // ours: owner ordering, above the table title

  // ---- delivery/pickup form and summary (spec 2.10, 5)
  completeOrderStep: 'Completa ordine',
  orderSummary: 'Riepilogo ordine',
  sendOrder: 'Invia ordine',
  goToPayment: 'Vai al pagamento',
  pickup: 'Ritiro',
  delivery: 'Consegna',
  asSoonAsPossible: 'Prima possibile',
  setTime: 'Imposta orario',
  time: 'Orario',
  addressAndNumber: 'Indirizzo e N°',
  city: 'Comune',
  firstName: 'Nome',
  lastName: 'Cognome',
  phone: 'Telefono', // ours
  email: 'Email', // ours
  deliveryNotes: 'Note per la consegna', // ours
  deliveryType: 'Tipo', // ours
  requiredField: 'Campo obbligatorio',
  cityNotServed: 'Comune non servito', // ours
  payByCard: 'Paga ora con carta', // ours: payment choice carta
  payAtCounter: 'Paga alla cassa o alla consegna', // ours: payment choice cassa

  // ---- payment and result screens (spec 2.11)
  payAndSend: 'Paga e invia ordine',
  pay: 'Paga', // ours
  processingPayment: 'Stiamo elaborando il tuo pagamento...',
  doNotClosePage: 'Si prega di non chiudere questa pagina',
  orderSuccessOwner: 'Ordine effettuato con successo!',
  orderSuccessCustomer: 'Abbiamo ricevuto il tuo ordine!',
  orderEmailWillFollow: "Riceverai un'email con i dettagli non appena l'ordine sarà confermato.", // ours
  checkSpam: 'Se non la trovi, controlla la cartella spam.', // ours
  // after the send (spec 2.11 result; ours): a table's order points to Storico, a delivery recaps
  tableOrderInHistory: "Trovi l'ordine nello Storico del tavolo, con lo stato di ogni piatto.", // ours
  goToHistory: 'Vai allo Storico', // ours
  deliveryRecap: "Riepilogo dell'ordine", // ours: the result screen's recap
  deliveryStatusLabel: 'Stato', // ours
  deliveryStatusPending: 'In attesa di conferma del locale', // ours: accettato 0
  deliveryStatusAccepted: 'Confermato dal locale', // ours
  deliveryStatusRejected: 'Non accettato dal locale', // ours
  deliveryStatusCompleted: 'Completato', // ours
  deliveryNextPending: "Il locale deve confermare l'ordine: lo vedrai qui appena lo fa.", // ours
  deliveryNextRejected:
    "Il locale non ha potuto accettare l'ordine. Se avevi pagato con carta, l'importo ti viene rimborsato.", // ours
  deliveryNextCompleted: 'Ordine completato. Grazie!', // ours
  deliveryEmailSent: "Ti abbiamo inviato un'email con i dettagli.", // ours: once the venue confirmed
  deliveryStatusUnavailable: "Impossibile leggere lo stato dell'ordine in questo momento.", // ours
  slotTakenTitle: "Ops! L'orario scelto è già occupato.",
  chooseAnotherTime: 'scegli un altro orario',
  chooseNewTimeRequest: 'Per favore scegli un nuovo orario per il tuo ordine.', // ours
  deliveryDisabledTitle: 'Ops! Il gestore ha appena disabilitato la consegna',
  serviceCostsInfo:
    'I costi di servizio coprono le commissioni del pagamento con carta e si applicano solo a chi paga con carta.', // ours
  autoPrintUnavailable: 'Stampa automatica non disponibile',
  printWithBrowser: 'stampa con il browser',
  // ---- printing (ours unless quoted above)
  printerStatus: 'Stato della stampante', // ours: accessible name of the dashboard's printer status
  printerReady: 'Stampante pronta', // ours
  printerConnecting: 'Connessione alla stampante...', // ours
  printNothingWaiting: 'Nessuna stampa in attesa.', // ours: the browser-print view with nothing to print
  printViewTitle: 'Stampa dal browser', // ours: heading of the browser-print view
  // Pairing with the print bridge (DESIGN.md "Abuse": it prints only for paired devices; ours)
  printerNotPaired: 'Stampante non abbinata: inserisci il codice in Profilo', // ours: the bridge refused this tablet
  pairPrinter: 'Abbina la stampante', // ours: the Profilo card's title and button
  pairingCodeLabel: 'Codice di abbinamento', // ours
  pairingCodeHint:
    "Le 6 cifre che il print bridge mostra sul suo computer: all'avvio, sulla sua pagina aperta da lì o con «npm run print-bridge -- pair». Valgono 10 minuti, per un solo dispositivo.", // ours
  pairingCodeInvalid: 'Il codice è di 6 cifre', // ours
  pairingCodeExpired: 'Codice scaduto o già usato: leggi il nuovo codice sul print bridge', // ours
  pairingUnreachable:
    "Print bridge non raggiungibile: controlla l'indirizzo e apri una volta la sua pagina per accettarne il certificato.", // ours
  printerPaired: 'Questo dispositivo è abbinato alla stampante.', // ours
  printerPairedNow: 'Stampante abbinata.', // ours: the pairing just succeeded
  printerNotPairedHere:
    'Questo dispositivo non è ancora abbinato alla stampante: senza abbinamento il print bridge non stampa.', // ours

  // ---- delivery
  slotNoLongerOffered: "L'orario scelto non è più disponibile.", // ours: SLOT_TAKEN for a past or out-of-hours slot
  asapNoLongerOffered: "'Prima possibile' non è più disponibile: scegli un orario.", // ours: SLOT_TAKEN
  deliveryClosedToday: 'Consegne e ritiri chiusi: non ci sono più orari disponibili.', // ours: VENUE_CLOSED
  deliveryFeeChanged: 'Il costo di consegna è cambiato: controlla il riepilogo e invia di nuovo.', // ours: FEE_CHANGED
  cardPaymentUnavailable: 'Pagamento con carta non disponibile.', // ours
  deliveryNotFound: 'Consegna non trovata', // ours: NOT_FOUND
  deliveryIdTaken: 'Identificativo della consegna già usato.', // ours: CONFLICT (a deliveryId of another order)
  deliveryNotOpen: 'Questa consegna è già stata chiusa o rifiutata.', // ours: CONFLICT (orderRoomCart)
  deliveryAlreadyAccepted:
    "L'ordine è già stato accettato su un altro dispositivo: non si può più rifiutare.", // ours: ALREADY_DECIDED
  deliveryAlreadyRemoved: "L'ordine è già stato rifiutato o rimosso: non si può più accettare.", // ours: ALREADY_DECIDED
  refundUnavailable: "Rimborso con carta non disponibile: l'ordine non è stato rifiutato.", // ours: CONFLICT
  // Pending deliveries per sender and per address, blocked senders (DESIGN.md "Abuse"). The blocked
  // text does not say "blocked": it gives no hint that another account would get through.
  deliveryPendingPerSender:
    'Hai già ordini in attesa di conferma: attendi che il locale li accetti prima di inviarne altri.', // ours: CONFLICT
  deliveryPendingPerAddress:
    'Troppi ordini in attesa di conferma da questa connessione: riprova quando il locale li avrà accettati.', // ours: CONFLICT
  senderRefused: 'Il locale non accetta ordini da questo account. Contatta il locale.', // ours: FORBIDDEN
  blockedSenderNotFound: 'Questo mittente non è più bloccato.', // ours: NOT_FOUND
  deliveryCitiesLabel: 'Comuni serviti', // ours: delivery settings
  slotCapacityLabel: 'Ordini per fascia di 15 minuti', // ours: delivery settings
  slotAreaCapacityLabel: 'Ordini per fascia, per reparto', // ours: delivery settings (empty = nessun limite)
  deliveryCitiesRequired: 'Indica almeno un comune servito.', // ours
  deliveryCityTooLong: 'Nome del comune troppo lungo: al massimo 60 caratteri.', // ours
  tooManyDeliveryCities: 'Al massimo 50 comuni.', // ours
  duplicateDeliveryCity: 'Comune ripetuto.', // ours
  invalidSlotCapacity: 'Capacità non valida: da 1 a 50 ordini per fascia.', // ours
  nothingToChange: 'Nessuna modifica indicata.', // ours
  // ---- delivery form
  chooseSlot: "Scegli l'orario", // ours: the 'Imposta orario' slot picker
  chooseCity: 'Scegli il comune', // ours: the Comune picker's placeholder
  deliveryTimeOption: 'Quando', // ours: 'Prima possibile' / 'Imposta orario'

  // ---- delivery ordering screens
  deliveryOrderTitle: 'Consegna a domicilio o ritiro', // ours: /user/delivery heading
  deliverySections: "Sezioni dell'ordine a domicilio", // ours: the delivery menu/cart links
  deliveryNotAvailable: 'Il locale non accetta consegne e ritiri in questo momento.', // ours: abilitaConsegna 0
  addToDeliveryTitle: 'Aggiungi piatti alla consegna', // ours: orderRoomCart from the owner
  addDishes: 'Aggiungi piatti', // ours: the desk card's link to orderRoomCart

  // ---- owner profile (ours)
  profileVenueSection: 'Il locale', // ours
  venueNameLabel: 'Nome del locale', // ours
  openingTimeLabel: 'Apertura', // ours
  closingTimeLabel: 'Chiusura', // ours
  hoursHint: 'Formato HH:MM. La chiusura può passare la mezzanotte, per esempio 02:00.', // ours
  profileClosedSection: 'Chiusura straordinaria', // ours
  venueClosedNow: 'Locale chiuso ora', // ours: is_closed
  venueClosedHint: 'I clienti vedono che il locale è chiuso e non possono ordinare.', // ours
  closingMessageLabel: 'Messaggio per i clienti', // ours: messaggioChiusura
  deliveryEnabledLabel: 'Consegna e ritiro attivi', // ours: abilitaConsegna
  deliveryFromLabel: 'Inizio consegne', // ours: openConsegna
  deliveryToLabel: 'Fine consegne', // ours: closeConsegna
  newCityLabel: 'Nuovo comune', // ours
  addCity: 'Aggiungi comune', // ours
  slotAreaCapacityHint: 'Quanti ordini con piatti di quel reparto per fascia; vuoto = nessun limite.', // ours
  areaCucina: 'Cucina', // ours
  areaBar: 'Bar', // ours
  areaFritti: 'Fritti', // ours
  profilePrinterSection: 'Stampante', // ours
  printBridgeAddressLabel: 'Indirizzo del print bridge', // ours: ownerIp
  printBridgeAddressHint:
    'Il computer della rete del locale su cui gira il print bridge, per esempio 192.168.1.20 (porta 3001) o 192.168.1.20:3005.', // ours
  profileCardSection: 'Pagamenti con carta', // ours
  stripeAccountLabel: 'Account Stripe collegato', // ours
  stripeAccountHint: "L'identificativo del tuo account Stripe Connect, per esempio acct_1A2b3C4d5E6f7G8h.", // ours
  cardKeysMissing: 'Il server non è configurato per Stripe: i clienti pagano alla cassa o alla consegna.', // ours
  cardPaymentsOn: 'I clienti possono pagare con carta.', // ours
  cardPaymentsOff: 'Collega un account Stripe per accettare pagamenti con carta.', // ours
  cardStatusUnknown: 'Stato dei pagamenti con carta non disponibile senza connessione.', // ours
  invalidStripeAccount: "L'identificativo dell'account inizia con acct_, per esempio acct_1A2b3C4d5E6f7G8h.", // ours
  profileSaved: 'Modifiche salvate.', // ours
  profileSavedOffline: 'Modifiche salvate sul dispositivo: partiranno appena torna la connessione.', // ours
  profileKitchenSection: 'Schermo cucina', // ours
  profileKitchenHint:
    'I tempi dei ticket valgono per questo dispositivo: impostali sul tablet o sullo schermo della cucina.', // ours
  // what each card of the profile has saved (ours)
  unsavedChanges: 'Modifiche non salvate', // ours: a card's fields differ from what is saved
  savedNow: 'Salvato', // ours: a switch applied at once, the server has it
  appliesAtOnce: 'Vale subito, senza premere Salva.', // ours: under the profile's switches
  roomPanelsSection: 'Pannelli della sala', // ours: the user version (spec 2.4, 3 "User")
  roomPanelsHint: 'Cosa mostra la schermata Sala sotto la disposizione dei tavoli.', // ours
  roomPanelsVersion1: 'La sala in breve', // ours: version 1
  roomPanelsVersion2: 'Consegne e ritiri della serata', // ours: version 2
  roomPanelsVersion3: 'Entrambi', // ours: version 3

  // ---- /owner/tables, every table of every room (ours)
  tablesSearchLabel: 'Cerca tavolo', // ours
  tablesSearchHint: 'Numero del tavolo', // ours
  tablesOrderLabel: 'Ordine della lista', // ours
  tablesBusyFirst: 'Occupati prima', // ours
  tablesByRoom: 'Per sala', // ours
  tableOccupied: 'Occupato', // ours
  tableFree: 'Libero', // ours
  tableCalling: 'Chiama il cameriere', // ours: the table's waiter call is pending
  tableOpenTotal: 'Totale aperto', // ours
  tableOpenSince: 'Aperto', // ours: followed by 'da 12 min'
  tableQr: 'QR', // ours: one table's QR code
  allTablesQr: 'QR di tutti i tavoli', // ours
  allTables: 'Tutti i tavoli', // ours
  noTablesYet: 'Nessun tavolo: aggiungili dalla schermata Sala.', // ours
  noTableMatches: 'Nessun tavolo con questo numero.', // ours
  goToRoom: 'Vai a Sala', // ours
  customerLink: 'Link per i clienti', // ours: the address a table's QR code opens

  // ---- the room screen's panels (spec 2.4 versions; ours)
  glanceBusyTables: 'Tavoli occupati', // ours
  glanceOpenTotal: 'Totale aperto', // ours
  glanceLongestWait: 'Aperto da più tempo', // ours: the table whose first dish came first
  glanceCalls: 'Chiamate cameriere', // ours
  glanceNone: 'Nessuno', // ours
  eveningTitle: 'Consegne e ritiri della serata', // ours
  eveningEmpty: 'Nessuna consegna o ritiro in programma.', // ours
  eveningToAccept: 'Da accettare', // ours
  openDeliveryDesk: 'Apri Consegne', // ours

  // ---- home screens (ours)
  recentVenues: 'I tuoi locali', // ours: /user/home
  recentOrders: 'I tuoi ultimi ordini', // ours: /user/home
  recentKept: 'Ricordati su questo dispositivo.', // ours
  forgetRecent: 'Dimentica', // ours
  deliveryPage: 'Consegna o ritiro', // ours: a recent delivery page
  todayGlance: 'Oggi', // ours: /owner/home
  openTablesLabel: 'Tavoli aperti', // ours
  pendingDeliveriesLabel: 'Consegne da accettare', // ours
  openOrdersValue: 'Ordini aperti', // ours: the value of what is on the dashboard now
  revenueToday: 'Incassato oggi', // ours: the day's completed orders (report)
  revenueNeedsConnection: 'Serve la connessione', // ours

  // ---- owner delivery desk
  deliveryDeskTitle: 'Consegne e ritiri', // ours: /owner/delivery
  pendingDeliveriesTitle: 'Da accettare', // ours
  acceptedDeliveriesTitle: 'Accettati oggi, ancora aperti', // ours
  noPendingDeliveries: 'Nessuna consegna o ritiro da accettare.', // ours
  noAcceptedDeliveries: 'Nessuna consegna o ritiro accettato ancora aperto.', // ours
  paymentMethod: 'Pagamento', // ours
  paymentMethodCard: 'Carta, online', // ours: paymentIntentId present
  paymentMethodCash: 'Alla cassa o alla consegna', // ours: cassa
  rejectDeliveryConfirm: "Rifiutare l'ordine? Verrà eliminato e non si potrà recuperare.", // ours
  deliveryAcceptedNotice: 'Ordine accettato: ora è sulla dashboard.', // ours
  rejectSelected: 'Rifiuta selezionati', // ours: the desk's multi-select
  selectOne: 'Seleziona', // ours: a pending order's checkbox (its accessible name adds the order)
  selectAllPending: 'Seleziona tutti', // ours
  blockSender: 'Blocca mittente', // ours
  senderBlockedNotice: "Mittente bloccato: l'ordine è stato rifiutato.", // ours
  blockedSendersTitle: 'Mittenti bloccati', // ours
  noBlockedSenders: 'Nessun mittente bloccato.', // ours
  blockedSendersOffline: "L'elenco dei mittenti bloccati si vede solo con la connessione.", // ours
  unblock: 'Sblocca', // ours
  senderWithoutName: 'Mittente senza nome', // ours: a blocked order with neither name nor phone
  blockedAccount: 'Account bloccato', // ours

  // ---- card payments, server answers (ours)
  cardAmountTooLow: 'Importo troppo basso per il pagamento con carta: il minimo è 0,50 €.', // ours: VALIDATION
  cardPricesChanged: 'I prezzi sono cambiati: controlla il riepilogo e riprova.', // ours: CONFLICT
  cardDeliveryIdTaken: 'Questo ordine è già stato inviato con un altro pagamento.', // ours: CONFLICT
  paymentNotFound: 'Pagamento non trovato.', // ours: NOT_FOUND (unknown payment intent)
  // ---- bad input (fuzzer): a card order above the largest amount the app handles
  cardAmountTooHigh: 'Importo troppo alto per il pagamento con carta: il massimo è 1.000.000,00 €.', // ours: VALIDATION
  // A dish whose price with the chosen options passes the largest amount a line may carry.
  linePriceTooHigh: 'Prezzo del piatto troppo alto con le opzioni scelte: il massimo è 1.000.000,00 €.', // ours: dish_error
  paymentDoesNotMatch: 'Il pagamento non corrisponde a questo ordine.', // ours: CONFLICT
  paymentNotCompleted: 'Il pagamento non è stato completato.', // ours: CONFLICT
  paymentServiceUnreachable: 'Servizio di pagamento non raggiungibile: riprova tra poco.', // ours: PAYMENT_ERROR
  refundProcessing: 'Il pagamento è ancora in elaborazione: riprova a rifiutare tra qualche minuto.', // ours: CONFLICT
  refundedButAccepted:
    "L'ordine è stato accettato su un altro dispositivo mentre veniva rimborsato: il pagamento è stato restituito, fallo pagare alla consegna o al ritiro.", // ours: ALREADY_DECIDED
  refundReasonBalance: 'saldo Stripe insufficiente', // ours: a refund's reason
  refundReasonDisputed: 'pagamento contestato dal cliente', // ours: a refund's reason
  stripeAccountNotFound: 'Account Stripe non trovato.', // ours: VALIDATION
  stripeAccountNotItalian: 'I pagamenti con carta sono disponibili solo per account Stripe italiani (IT).', // ours: VALIDATION
  stripeAccountTaken: 'Questo account Stripe è già collegato a un altro locale.', // ours: CONFLICT
  // ---- card order integrity
  cardPayStatusByStripe: 'Il pagamento con carta è aggiornato solo da Stripe: non si può cambiare a mano.', // ours: CONFLICT
  cardOrderAmountsLocked:
    'Ordine con pagamento con carta: prezzi, quantità e piatti restano quelli del pagamento. Per altri piatti crea un nuovo ordine.', // ours: CONFLICT
  cardPaymentInProgress:
    "Il pagamento con carta è ancora in corso: riprova a completare l'ordine tra qualche minuto.", // ours: CONFLICT
  // ---- card payments, browser
  serviceCostsInfoButton: 'Informazioni sui costi di servizio', // ours: the info button's name
  cardAmountToPay: 'Da pagare con carta', // ours: the payment dialog's amount
  cardFormLoadFailed: 'Impossibile caricare il modulo di pagamento. Controlla la connessione e riprova.', // ours
  cardPaymentFailed: 'Pagamento non riuscito: controlla i dati della carta e riprova.', // ours: confirm error without a message
  paymentStillProcessing:
    "La banca non ha ancora confermato il pagamento. Riceverai un'email quando l'ordine sarà confermato.", // ours
  retryPayment: 'Riprova il pagamento', // ours: the success page, unpaid
  paymentCanceledTitle: "L'ordine non è stato accettato", // ours: the success page, canceled
  paymentCanceledText: 'Il pagamento è stato annullato: non ti è stato addebitato nulla.', // ours
  backToMenu: 'Torna al menu', // ours
  cardAwaitingPayment: 'Carta: in attesa di pagamento', // ours: owner desk
  cardPaidStatus: 'Carta: pagato', // ours: owner desk
  // ---- card checkouts: not paid yet, then paid or expired (spec 4 "Customer order flow")
  checkoutsTitle: 'Pagamenti in corso', // ours: owner desk, card orders not paid yet
  checkoutsHint:
    "Clienti che stanno pagando con carta: l'ordine arriva tra quelli da accettare solo quando il pagamento è riuscito.", // ours: owner desk
  checkoutExpiring: 'In scadenza', // ours: owner desk, a checkout whose time is up
  checkoutNotPaid:
    "Il cliente non ha ancora pagato con carta: l'ordine si potrà accettare o rifiutare solo dopo il pagamento.", // ours: CONFLICT (a decision on a checkout)
  checkoutExpired: "Tempo per il pagamento scaduto: l'ordine è stato annullato. Invialo di nuovo per pagare.", // ours: CONFLICT (a resend of an expired checkout)
  checkoutExpiredTitle: 'Tempo per il pagamento scaduto', // ours: the success page, expired
  orderAgain: "Rifai l'ordine", // ours: the success page, expired (back to the kept cart)

  // ---- chat (ours: the spec shows no chat texts)
  chatPlaceholder: 'Scrivi un messaggio', // ours
  chatSend: 'Invia', // ours
  chatDisabled: 'La chat non è attiva.', // ours
  chatEnabledLabel: 'Chat attiva', // ours
  // ---- chat and waiter call (ours)
  chatTitle: 'Chat con il locale', // ours: /user/chat heading
  chatEmpty: 'Nessun messaggio. Scrivi al locale per qualsiasi richiesta.', // ours
  chatMessageRequired: 'Scrivi un messaggio prima di inviarlo.', // ours: empty message refused
  chatMessageTooLong: 'Il messaggio non può superare i 500 caratteri.', // ours
  chatTooFast: 'Troppi messaggi in poco tempo: attendi qualche secondo e riprova.', // ours: rate limit
  chatMessageLabel: 'Messaggio', // ours: the input's label
  chatMessages: 'Messaggi', // ours: the conversation's accessible name
  chatFromYou: 'Tu', // ours: the customer's own messages
  chatFromVenue: 'Il locale', // ours: the owner's answers on the customer's screen
  chatFromStaff: 'Staff', // ours: the owner's answers on the owner's screen
  chatPending: 'In invio…', // ours: a message not yet confirmed by the server
  chatNotSent: 'Non inviato', // ours
  chatOffline: 'Connessione assente: il messaggio partirà appena torna la linea.', // ours
  chatConversations: 'Conversazioni', // ours: /owner/chat list
  chatNoConversations: 'Nessuna conversazione per ora.', // ours
  chatChooseConversation: 'Scegli una conversazione.', // ours
  chatBack: 'Tutte le conversazioni', // ours: back to the list on phones
  chatAnswer: 'Risposta', // ours: the owner's input label
  chatOpen: 'Apri la chat', // ours: the dashboard's link
  chatDisabledOwner: 'La chat è disattivata: i clienti non possono scrivere né leggere le risposte.', // ours
  waiterCallTooSoon: 'Hai già chiamato il cameriere da poco: attendi prima di chiamare di nuovo.', // ours
  // Live sockets per session, address and venue (DESIGN.md "Abuse"): the upgrade's 429.
  liveTooManyConnections: 'Troppe connessioni aperte: chiudi qualche scheda e riprova.', // ours: RATE_LIMITED
  liveReconnectTooFast: 'Troppi tentativi di connessione: riprova tra qualche secondo.', // ours: RATE_LIMITED

  // ---- accounts (ours: screens of spec 2.1)
  signIn: 'Accedi',
  signInTitle: 'Accedi a Comanda',
  password: 'Password',
  forgotPassword: 'Password dimenticata?',
  continueAsGuest: 'Continua come ospite',
  noAccount: 'Non hai un account?',
  signUp: 'Registrati',
  signOut: 'Esci',
  userSignupTitle: 'Registrazione cliente',
  ownerSignupTitle: 'Registra il tuo locale',
  businessName: 'Nome del locale',
  acceptConditions: 'Accetto i termini e le condizioni',
  acceptConditionsRequired: 'Accetta i termini e le condizioni',
  passwordTooShort: 'La password deve avere almeno 8 caratteri',
  invalidEmail: 'Indirizzo email non valido',
  signupDone: "Registrazione completata. Ti abbiamo inviato un'email per confermare l'indirizzo.",
  ownerSignupDone: "Registrazione completata. Ti abbiamo inviato un'email per confermare l'indirizzo.",
  restorePasswordTitle: 'Recupera password',
  restorePasswordSend: 'Invia link',
  restorePasswordSent:
    "Se l'indirizzo è registrato, riceverai un'email con il link per reimpostare la password.",
  newPassword: 'Nuova password',
  setPassword: 'Imposta password',
  passwordUpdated: 'Password aggiornata. Ora puoi accedere.',
  invalidLink: 'Link non valido o scaduto',
  confirmEmailTitle: 'Conferma email',
  emailConfirmed: 'Email confermata. Ora puoi accedere.',
  // Also the answer for an address not confirmed yet: a different one would tell who has an account.
  invalidCredentials:
    "Email o password non corretti. Se ti sei appena registrato, conferma prima l'indirizzo dal link che ti abbiamo inviato.",
  tooManyAttempts: 'Troppi tentativi. Riprova tra qualche minuto.',
  // Ours (DESIGN "Abuse"); also the answer for an address without an account.
  accountLocked:
    'Troppi tentativi di accesso a questo account. Riprova più tardi, accedi da un dispositivo già usato o reimposta la password.',
  loginBusy: 'Troppi accessi in questo momento. Riprova tra qualche secondo.', // ours

  // ---- social sign-in (ours: spec 4 and 7 name it, not its texts)
  signInWithGoogle: 'Accedi con Google',
  signInWithFacebook: 'Accedi con Facebook',
  socialOr: 'oppure',
  socialGoogleFailed: 'Accesso con Google non riuscito. Riprova.',
  socialFacebookFailed: 'Accesso con Facebook non riuscito. Riprova.',
  socialGoogleEmailUnverified:
    "L'indirizzo email del tuo account Google non è verificato: verificalo oppure registrati con email e password.",
  socialFacebookNoEmail:
    "Il tuo account Facebook non ci ha dato un indirizzo email: consenti l'accesso all'email oppure registrati con email e password.",
  socialOwnerAccount: 'Questo indirizzo appartiene a un gestore: accedi con email e password.',
  socialUnreachable: 'Servizio di accesso non raggiungibile, riprova tra poco.',
  socialGoogleScriptFailed: "Impossibile caricare l'accesso con Google.",
  socialFacebookScriptFailed: "Impossibile caricare l'accesso con Facebook.",

  // ---- the owner's switch into the customer flow (spec 1; ours: the spec names no text)
  openAsCustomer: 'Apri come cliente', // ours: a table's menu as its customers see it
  openDeliveryAsCustomer: 'Apri la pagina consegne come cliente', // ours: the venue's delivery page
  ownerSwitchBanner: 'Stai ordinando come cliente', // ours: on every customer screen meanwhile
  backToPanel: 'Torna al pannello', // ours: back to the owner screen the switch started from
  ownerSwitchUnavailable: 'Vista cliente non disponibile', // ours: the dialog's title
  ownerSwitchPending:
    'Ci sono modifiche in attesa di invio: aspetta che siano inviate, poi apri la vista cliente.', // ours
  ownerSwitchOffline: 'Per aprire la vista cliente serve la connessione.', // ours
  ownerSwitchBackOffline: 'Per tornare al pannello serve la connessione: riprova tra poco.', // ours
  ownerSwitchEnded:
    'La sessione del gestore è terminata (uscita o scadenza) mentre ordinavi come cliente: accedi di nuovo per tornare al pannello.', // ours
  ownerSwitchRefused: 'Solo un gestore può aprire la vista cliente.', // ours: server answer

  // ---- guards (ours)

  // ---- cookie banner, public pages (ours)
  cookieBanner:
    'Questo sito usa solo cookie tecnici, necessari al funzionamento: sessione di accesso e preferenze. Nessun cookie di profilazione.',
  homeTagline: 'Ordini al tavolo, da asporto e a domicilio, in tempo reale.',
  privacyTitle: 'Informativa sulla privacy',
  termsTitle: 'Termini e condizioni',
  ownerHomeTitle: 'Il tuo locale',
  userHomeTitle: 'Benvenuto',

  // ---- app updates and offline outbox (ours)
  updateAvailable: 'Nuova versione disponibile',
  update: 'Aggiorna',
  offlineReady: "L'app è pronta per funzionare anche offline.",
  pendingChanges: 'Modifiche in attesa di invio',
  changeRefused: 'Modifica rifiutata',
  discardChange: 'Scarta',
  offline: 'Sei offline: le modifiche verranno inviate al ritorno della connessione.',
  storageFull: 'Spazio di archiviazione esaurito sul dispositivo.',

  // ---- reports (ours: the spec names the screen, not its texts)
  reportTitle: 'Report',
  reportRange: 'Periodo',
  reportPresets: 'Periodi rapidi',
  reportPresetToday: 'Oggi',
  reportPresetLast7: 'Ultimi 7 giorni',
  reportPresetMonth: 'Questo mese',
  reportPresetLast30: 'Ultimi 30 giorni',
  reportRangeIncomplete: 'Indica sia la data di inizio sia la data di fine.',
  reportInvalidDate: 'Data non valida: usa il formato AAAA-MM-GG.',
  reportRangeReversed: 'La data di inizio è successiva alla data di fine.',
  reportRangeTooLong: 'Il periodo può coprire al massimo 366 giorni.',
  reportRevenue: 'Incasso',
  reportOrders: 'Ordini',
  reportAverageTicket: 'Scontrino medio',
  reportItemsTotal: 'Venduto',
  reportDiscounts: 'Sconti',
  reportDeliveryFees: 'Costi di consegna',
  reportServiceFees: 'Costi di servizio',
  reportSummary: 'Riepilogo',
  reportByDay: 'Incasso per giorno',
  reportByWeek: 'Incasso per settimana',
  reportByMonth: 'Incasso per mese',
  reportByKind: 'Tavoli, consegne e ritiri',
  reportByPayment: 'Carta e cassa',
  reportByHour: 'Orari di punta',
  reportByDish: 'Piatti',
  reportByCategory: 'Categorie',
  reportByArea: 'Reparti',
  reportTopDishes: 'I piatti più venduti',
  reportColumnDay: 'Giorno',
  reportColumnWeek: 'Settimana',
  reportColumnMonth: 'Mese',
  reportColumnHour: 'Ora',
  reportColumnKind: 'Tipo',
  reportColumnPayment: 'Pagamento',
  reportColumnDish: 'Piatto',
  reportColumnCategory: 'Categoria',
  reportColumnArea: 'Reparto',
  reportColumnQuantity: 'Quantità',
  reportColumnSales: 'Vendite',
  reportColumnItem: 'Voce',
  reportColumnValue: 'Valore',
  reportKindTable: 'Tavolo',
  reportKindConsegna: 'Consegna',
  reportKindRitiro: 'Ritiro',
  reportPaymentCassa: 'Cassa',
  reportPaymentCarta: 'Carta',
  reportDownloadCsv: 'Scarica CSV',
  reportEmpty: 'Nessun ordine completato in questo periodo.',
  reportNeedsConnection:
    'I report sono calcolati dal server: serve la connessione a internet o alla rete del locale. Riprova quando sei online.',
  reportSalesNote: 'Vendite dei piatti prima degli sconti, senza costi di consegna e di servizio.',
} as const;

export type TextKey = keyof typeof t;

/** Texts with placeholders. Money arguments are integer cents. */
export const tf = {
  tableCallsWaiter: (n: number | string) => `Il Tavolo ${n} richiede il cameriere`,
  /** 'Tavolo 4' (DESIGN.md: tables have a per-business number). */
  table: (n: number | string) => `${t.table} ${n}`,
  /** Spec 2.9 'Ordina {total}€': the amount and the euro sign with no space, 'Ordina 12,50€'. */
  orderButton: (cents: number) => `Ordina ${formatAmount(cents)}€`,
  /**
   * Spec 2.9 'Concludi ordine ( total € )': the spaces inside the parentheses and before the euro
   * sign are kept as the spec writes them, 'Concludi ordine ( 12,50 € )'.
   */
  concludeOrder: (cents: number) => `Concludi ordine ( ${formatEuro(cents)} )`,
  /** The result screen's next step once the venue accepted (ours): when and where. */
  deliveryNextAccepted: (tipo: 'Consegna' | 'Ritiro', orario: string) =>
    tipo === 'Consegna'
      ? `Il locale sta preparando l'ordine: la consegna è prevista per le ${orario}.`
      : `Il locale sta preparando l'ordine: potrai ritirarlo alle ${orario}.`,
  /** The recap's time: '20:30', or 'Prima possibile (20:30)'. */
  recapTime: (orario: string, asap: boolean) => (asap ? `${t.asSoonAsPossible} (${orario})` : orario),
  /** Spec 5: 'NO cipolla, NO aglio'. */
  removedOptionsNote: (labels: readonly string[]) => removedOptionsNote(labels),
  /** Spec 5 note counter 'length/150'. */
  noteCounter: (length: number, max = 150) => `${length}/${max}`,
  /** Spec 9 duration suffix ' min'. */
  minutes: (n: number) => `${n} min`,
  /** Closed-venue screen (spec 2.7): opening and closing times. */
  openingHours: (opening: string, closing: string) => `Orario di apertura: ${opening} - ${closing}`,
  /** The 'Prima possibile' range (spec 9: first two slots). */
  asapRange: (from: string, to: string) => `${t.asSoonAsPossible} (${from} - ${to})`,
  /** Delivery button badge and cart badge. */
  count: (n: number) => String(n),
  /** Refused outbox entry with the server's reason. */
  changeRefusedReason: (reason: string) => `${t.changeRefused}: ${reason}`,
  /** Outbox counter. */
  pendingChanges: (n: number) => `${t.pendingChanges}: ${n}`,
  // ---- owner dashboard screen (ours)
  /** A ticket's age on the kitchen screen: '7 min'. */
  ticketAge: (minutes: number) => `${minutes} min`,
  newOrderFor: (where: string) => `Nuovo ordine: ${where}`,
  // ---- kitchen display (ours)
  /** What a table added later: 'Giro 2'. */
  kitchenRound: (n: number) => `Giro ${n}`,
  /** A delivery or pickup not yet due: 'tra 25 min', 'tra 1 h 05 min'. */
  kitchenDueIn: (minutes: number) =>
    minutes < 60
      ? `tra ${minutes} min`
      : `tra ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`,
  /** The undo bar after a bump: 'Tavolo 4: tutto pronto'. */
  kitchenBumped: (title: string) => `${title}: tutto pronto`,
  /** A bump button's accessible name: 'Tutto pronto Tavolo 4 Giro 2'. */
  kitchenBumpOf: (title: string) => `${t.kitchenBump} ${title}`,
  // ---- /owner/tables and the room screen's panels (ours)
  /** How long a table has been open: 'da meno di 1 min', 'da 12 min', 'da 1 h 05 min'. */
  openFor: (minutes: number) =>
    minutes < 1
      ? 'da meno di 1 min'
      : minutes < 60
        ? `da ${minutes} min`
        : `da ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`,
  /** '1 piatto', '4 piatti'. */
  dishesCount: (n: number) => (n === 1 ? '1 piatto' : `${n} piatti`),
  /** '3 su 10'. */
  countOf: (n: number, of: number) => `${n} su ${of}`,
  /** The room panel's title: 'Sala interna in breve'. */
  roomGlanceTitle: (room: string) => `${room} in breve`,
  /** A table action's accessible name: 'Visualizza Tavolo 3'. */
  tableAction: (action: string, n: number | string) => `${action} ${tf.table(n)}`,
  /** The QR sheet of one table: 'Codice QR · Tavolo 3'. */
  qrOneTitle: (n: number | string) => `Codice QR · ${tf.table(n)}`,
  // ---- chat and waiter call (ours)
  /** Unread customer messages: '2 non letti'. */
  chatUnread: (n: number) => (n === 1 ? '1 non letto' : `${n} non letti`),
  /** The dashboard's toast for a customer's message: 'Tavolo 8: Possiamo avere il sale?'. */
  chatToast: (table: string, text: string) => `${table}: ${text}`,
  /** The dashboard's chat link with its badge: 'Apri la chat: 2 non letti'. */
  chatOpenUnread: (n: number) => `${t.chatOpen}: ${n === 1 ? '1 non letto' : `${n} non letti`}`,
  /** Characters typed of the maximum: '12/500'. */
  chatCounter: (length: number, max = 500) => `${length}/${max}`,
  /** After the customer's call: 'Chiamata ricevuta alle 20:31'. */
  waiterCallReceived: (time: string) => `Chiamata ricevuta alle ${time}`,
  /** A tablet dismissed the call: 'Il cameriere ha visto la chiamata alle 20:33'. */
  waiterCallAnswered: (time: string) => `Il cameriere ha visto la chiamata alle ${time}`,
  /** The button's wait after a call: 'Puoi chiamare di nuovo tra 1:45'. */
  waiterCallAgainIn: (seconds: number) =>
    `Puoi chiamare di nuovo tra ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  /** The bell's accessible name with its badge: 'Chiamate cameriere: 2'. */
  waiterCallsCount: (n: number) => `${t.callWaiter}: ${n}`,
  /** The delivery button's accessible name with its badge: 'Consegne: 1'. */
  deliveriesCount: (n: number) => `${t.deliveries}: ${n}`,
  // ---- printing
  /** Tickets the bridge holds: '2 stampe in coda'. */
  printerQueued: (n: number) => (n === 1 ? '1 stampa in coda' : `${n} stampe in coda`),
  /** A wrong pairing code: 'Codice di abbinamento errato: ancora 3 tentativi'. */
  pairingCodeWrong: (attemptsLeft: number) =>
    attemptsLeft <= 0
      ? `Codice di abbinamento errato. ${t.pairingCodeExpired}`
      : `Codice di abbinamento errato: ancora ${attemptsLeft} ${attemptsLeft === 1 ? 'tentativo' : 'tentativi'}`,
  /** Jobs the bridge has not taken: '1 stampa in attesa'. */
  printJobsWaiting: (n: number) => (n === 1 ? '1 stampa in attesa' : `${n} stampe in attesa`),
  /** One bridge printer: 'cucina: in linea', 'bar: carta esaurita'. */
  printerLine: (name: string, state: string) => `${name}: ${state}`,
  /** A receipt of one kitchen area: 'Reparto: bar'. */
  printArea: (area: string) => `${t.kitchenFilterLabel}: ${area}`,
  /** The receipt's foot: 'Stampato il 15/07/2025 20:31'. */
  printedAt: (when: string) => `Stampato il ${when}`,
  // ---- owner delivery desk
  /** A desk card's button, named with its order: 'Accetta Consegna 20:00 Lucia Bianchi'. */
  deliveryAction: (action: string, title: string) => `${action} ${title}`,
  /** A recent visit on the customer's home: 'Tavolo 4 · Trattoria Demo'. */
  recentTable: (table: string, venue: string) => `${table} · ${venue}`,
  /** The profile's remove button of one delivery town: 'Rimuovi Avella'. */
  removeCity: (name: string) => `Rimuovi ${name}`,
  /** The payment status choice of one order: 'Stato del pagamento: Ritiro 20:15 Mario'. */
  paymentStatusOf: (title: string) => `Stato del pagamento: ${title}`,
  /** A pending order's checkbox: 'Seleziona Consegna 20:00 Lucia Bianchi'. */
  selectDelivery: (title: string) => `Seleziona ${title}`,
  /** 'Rifiuta selezionati (3)'. */
  rejectSelectedCount: (n: number) => `${t.rejectSelected} (${n})`,
  rejectSelectedConfirm: (n: number) =>
    n === 1
      ? "Rifiutare l'ordine selezionato? Verrà eliminato e non si potrà recuperare."
      : `Rifiutare ${n} ordini selezionati? Verranno eliminati e non si potranno recuperare.`,
  /** The block's confirmation, naming who: 'Lucia Bianchi, 3331234567'. */
  blockSenderConfirm: (who: string) =>
    `Bloccare ${who}? L'ordine viene rifiutato e il locale non riceverà altri ordini di consegna o ritiro da questo account, né per 24 ore dalla sua connessione.`,
  /** A blocked sender's 'Sblocca' button: 'Sblocca Lucia Bianchi, 3331234567'. */
  unblockSender: (label: string) => `${t.unblock} ${label}`,
  /** Until when a blocked sender's address stays blocked: 'Connessione bloccata fino alle 20:30 del 16/07'. */
  addressBlockedUntil: (time: string, date: string) => `Connessione bloccata fino alle ${time} del ${date}`,
  // ---- card payments (ours)
  /** A refund Stripe refused, with why: the order was kept. */
  refundFailed: (reason: string) => `Rimborso non riuscito (${reason}): l'ordine non è stato rifiutato.`,
  /** A card checkout's time left on the desk: 'Scade tra 12 min' (ours). */
  checkoutTimeLeft: (minutes: number) => (minutes > 0 ? `Scade tra ${minutes} min` : t.checkoutExpiring),
  /** The success page after a checkout expired unpaid (ours); `minutes` is CARD_CHECKOUT_MS's. */
  checkoutExpiredText: (minutes: number) =>
    `Il pagamento non è stato completato entro ${minutes} minuti, quindi l'ordine è stato annullato e l'orario scelto è di nuovo libero. Nessun addebito resta sulla tua carta. Il carrello è ancora qui: puoi rifare l'ordine.`,
  /** A section heading with its count: 'Da accettare (2)'. */
  sectionCount: (title: string, n: number) => `${title} (${n})`,
  /** 'Prima possibile (20:45)': the customer chose asap, the server assigned that slot. */
  asapAssigned: (time: string) => `${t.asSoonAsPossible} (${time})`,
  // ---- owner menu (ours)
  menuDishCount: (n: number) => (n === 1 ? '1 piatto' : `${n} piatti`),
  menuVariantGroup: (n: number) => `Variante ${n}`,
  menuOptionGroup: (n: number) => `Opzione ${n}`,
  menuEditLabel: (name: string) => `Modifica ${name}`,
  menuDeleteLabel: (name: string) => `Elimina ${name}`,
  menuMoveUpLabel: (name: string) => `Sposta su ${name}`,
  menuMoveDownLabel: (name: string) => `Sposta giù ${name}`,
  menuAvailableLabel: (name: string) => `Disponibile: ${name}`,
  menuAddDishTo: (category: string) => `Aggiungi piatto a ${category}`,
  menuDeleteDishQuestion: (name: string) => `Eliminare «${name}» dal menu?`,
  menuDeleteCategoryQuestion: (name: string) => `Eliminare la categoria «${name}»?`,
  menuVariantsSummary: (names: readonly string[]) => `Varianti: ${names.join(', ')}`,

  /** 'Benvenuto, Mario'. */
  welcome: (name: string) => `${t.userHomeTitle}, ${name}`,
  // ---- customer ordering
  /** Announced when a dish without variants goes straight into the cart. */
  addedToCart: (name: string) => `${name} aggiunto al carrello`,
  /** Described count of the 'Visualizza e invia' button. */
  cartCount: (n: number) => `Piatti nel carrello: ${n}`,
  /** Automatic resend countdown while sending an order. */
  retryIn: (seconds: number) => `Nuovo tentativo tra ${seconds} s`,
  /** Per-line labels, so 'Rimuovi' and the steppers say which dish they act on. */
  amountOf: (name: string) => `Quantità di ${name}`,
  noteFor: (name: string) => `Nota per ${name}`,
  forDish: (action: string, name: string) => `${action} ${name}`,
  /** A quick discount button: '10%' shown, 'Sconto del 10%' read. */
  percent: (n: number) => `${n}%`,
  discountPercent: (n: number) => `Sconto del ${n}%`,
  /** Spec 5: the discount never reaches the subtotal. */
  discountBelowSubtotal: (subtotal: number) =>
    `Lo sconto deve essere inferiore al subtotale (${formatEuro(subtotal)})`,
  /** The snackbar after 'Completa' (spec 9 generic snackbar): 'Ordine completato: Tavolo 4'. */
  orderCompletedNotice: (title: string) => `Ordine completato: ${title}`,
  /** The snackbar after a table is deleted from the room: 'Tavolo 4 eliminato'. */
  tableDeletedNotice: (n: number | string) => `Tavolo ${n} eliminato`,
  /** History line: '2 × Margherita'. */
  lineAmount: (amount: number, name: string) => `${amount} × ${name}`,
  // ---- menu and ordering, server answers
  /** A cart line naming a dish that is gone or switched off. */
  dishUnavailable: (name: string) => `Piatto non disponibile: ${name}. Aggiorna il menu e riprova.`,
  /** A cart line with an option that is not one of its dish's. */
  optionNotInDish: (name: string) => `Opzione non valida per ${name}. Aggiorna il menu e riprova.`,
  /** A mandatory single-choice variant left empty: 'Margherita: Formato (scelta obbligatoria)'. */
  mandatoryVariantMissing: (dish: string, variant: string) => `${dish}: ${variant} ${t.mandatoryChoice}`,
  // ---- order ceilings (rules/order-ceilings.ts): refused at send time, nothing stored
  orderTooManyLines: (n: number) => `Ordine troppo grande: al massimo ${n} righe per ordine`,
  lineTotalTooHigh: (cents: number) => `Riga troppo grande: al massimo ${formatEuro(cents)} per riga`,
  orderTotalTooHigh: (cents: number) => `Ordine troppo grande: al massimo ${formatEuro(cents)} per ordine`,
  /** The customer's: the table's open order plus this send. */
  tableTotalTooHigh: (cents: number) =>
    `Il totale del tavolo supererebbe ${formatEuro(cents)}: chiedi al personale`,
  tableTooManyLines: (n: number) => `Il tavolo ha già troppe righe (al massimo ${n}): chiedi al personale`,
  /** The owner's (an edit, a line added, a delivery's extra dishes). */
  entryTotalTooHigh: (cents: number) =>
    `Il totale dell'ordine supererebbe ${formatEuro(cents)}: completalo e aprine un altro`,
  entryTooManyLines: (n: number) => `L'ordine supererebbe ${n} righe: completalo e aprine un altro`,
  // ---- reports
  /** The range under the title: 'Dal 01/07/2025 al 31/07/2025', or 'Il 15/07/2025' for one day. */
  reportRange: (from: string, to: string) => (from === to ? `Il ${from}` : `Dal ${from} al ${to}`),
  /** An ISO week: 'Settimana 28 (07/07 - 13/07)'. */
  reportWeek: (week: number, from: string, to: string) => `Settimana ${week} (${from} - ${to})`,
  /** An hour of the clock: '20:00-21:00'. */
  reportHour: (hour: number) =>
    `${String(hour).padStart(2, '0')}:00-${String((hour + 1) % 24).padStart(2, '0')}:00`,
  /** A chart's accessible name: its data are in the table below it. */
  reportChart: (title: string) => `Grafico: ${title}. I dati sono nella tabella sotto.`,
  /** The scrolling box of a report table, reachable from the keyboard: 'Tabella: Piatti'. */
  reportTable: (title: string) => `Tabella: ${title}`,
  /** A money column heading: 'Incasso (€)'. */
  reportEuroColumn: (title: string) => `${title} (€)`,
} as const;
