/**
 * Business constants and limits of spec section 9 (and a few of sections 2, 4 and 5), in one
 * place so the server, the PWA and the tests agree. Durations are milliseconds, money is cents.
 */

/** Dish note maximum (spec 5, 9). Counted in UTF-16 code units, as zod and `maxLength` count. */
export const NOTE_MAX = 150;
/** Out-of-menu description maximum (spec 5, 9). */
export const OUT_OF_MENU_DESCRIPTION_MAX = 150;
/** Room name "under 100 characters" (spec 5, 9): at most 99 after trimming. */
export const ROOM_NAME_MAX = 99;

/** Kitchen areas a line or category belongs to (spec 3 `selected_option`, spec 9). */
export const KITCHEN_AREAS = ['cucina', 'bar', 'fritti'] as const;
/** Kitchen-area filter values; 'tutto' is the default (spec 2.6, 9). */
export const KITCHEN_FILTERS = ['tutto', 'cucina', 'bar', 'fritti'] as const;
export const DEFAULT_KITCHEN_FILTER = 'tutto';
/** Local-storage key of the owner's kitchen-area filter choice (spec 9). */
export const KITCHEN_FILTER_STORAGE_KEY = 'kitchenFilter';

/** Out-of-menu lines (spec 3): fixed category id and name. */
export const OUT_OF_MENU_CATEGORY_ID = 'out_menu';
export const OUT_OF_MENU_CATEGORY_NAME = 'Fuori menu';

/** The option label listed first in the variant picker (spec 2.8). */
export const NO_THANKS_LABEL = 'no, grazie!';

/**
 * Delivery cities (spec 9): the demo venue's list. Each venue keeps its own list
 * (`BusinessRow.deliveryCities`); the server checks a consegna's comune against that.
 */
export const DELIVERY_CITIES = [
  'Baiano',
  'Avella',
  'Mugnano del Cardinale',
  'Quadrelle',
  'Sirignano',
  'Sperone',
] as const;
/** A venue's delivery cities: at most this many, each name at most this long. */
export const DELIVERY_CITIES_MAX = 50;
export const DELIVERY_CITY_NAME_MAX = 60;

/**
 * Slot capacity: delivery and pickup orders a 15-minute slot takes, in all and,
 * optionally, per kitchen area (orders with at least one line of that area).
 */
export const DEFAULT_SLOT_CAPACITY = 3;
export const SLOT_CAPACITY_MIN = 1;
export const SLOT_CAPACITY_MAX = 50;

/** Time slots (spec 9). */
export const SLOT_MINUTES = 15;
/** Customers cannot pick a slot earlier than Rome time plus this. */
export const CUSTOMER_LEAD_MINUTES = 10;
/** Fewer free-window slots than this means the venue is closed for ordering. */
export const MIN_OPEN_SLOTS = 3;
/** 'Prima possibile' is offered only when the first two free slots are at most this far apart. */
export const ASAP_MAX_GAP_MINUTES = 15;
/** The venue's time zone, whatever the host's. */
export const VENUE_TIME_ZONE = 'Europe/Rome';

/** Price and discount step (spec 5, 9): 0.50 €. */
export const PRICE_STEP_CENTS = 50;

/** Card service fee of spec 9: total = (amount + 0.305 + 0.1) / 0.95535, amounts in euro. */
export const CARD_FEE = { fixedCents: 30.5, extraCents: 10, divisor: 0.95535 } as const;

/**
 * How long a card checkout (spec 4 "Customer order flow": the order stored with its payment
 * intent, the card dialog open) may stay unpaid before the server cancels its intent and frees
 * its slot. Typing a card and passing the bank's 3-D Secure check take a few minutes; past that
 * the customer has walked away, and the place they hold is a 15-minute slot (spec 9) another
 * customer could take, so it is held no longer than one slot's length. Stripe itself never ends
 * an unpaid PaymentIntent (it waits in requires_payment_method until canceled; only its hosted
 * Checkout Sessions expire, after 30 minutes to 24 hours): the app cancels it.
 */
export const CARD_CHECKOUT_MS = 15 * 60_000;

/**
 * Order ceilings, checked when an order is sent (rules/order-ceilings.ts), so that no guest can
 * make an entry impossible to complete. Sized on a restaurant's biggest real table, a banquet of
 * about 300 covers at 100-150 € a head (30.000-45.000 €, sent over several rounds): one line
 * (300 covers of a 60 € menu) stays under 20.000 €, one send under 30.000 €, the whole entry
 * under 50.000 €. With the delivery fee counted inside those and the card fee on top (about 5%),
 * the most an entry can charge is near 52.500 €, far below the wire's `Cents` bound
 * (1.000.000,00 €), so completing it always fits. Quantities per line keep the wire's 1-999.
 */
export const LINE_TOTAL_MAX_CENTS = 2_000_000;
export const ORDER_TOTAL_MAX_CENTS = 3_000_000;
export const ENTRY_TOTAL_MAX_CENTS = 5_000_000;
/** Lines one send may carry: a full banquet's distinct dishes, variants and notes fit. */
export const ORDER_LINES_MAX = 100;
/**
 * Lines an open entry may hold: the dashboard's own calls name at most 500 lines (print `ids`,
 * modify), so an entry beyond that could no longer be printed or edited whole.
 */
export const ENTRY_LINES_MAX = 500;

/**
 * Quotas on customers' orders (per 10 minutes), keyed by session, table and address. A diner
 * sends a few rounds an evening; a table of 12 phones may send many; the address is the loosest
 * because a full venue's 150 phones often share its Wi-Fi's one public address.
 */
export const ORDER_QUOTA_WINDOW_MS = 10 * 60_000;
export const ORDER_QUOTA_PER_SESSION = 20;
export const ORDER_QUOTA_PER_TABLE = 60;
export const ORDER_QUOTA_PER_ADDRESS = 600;

/** Alerts and toasts (spec 2.6, 9). */
export const DELIVERY_ALERT_REPEAT_MS = 180_000;
export const TOAST_MAX = 3;
export const TOAST_AUTOHIDE_MS = 5000;
export const SNACKBAR_MS = 2000;
/**
 * The confirm dialog's optional delay (spec 9): a destructive confirmation (Completa, Elimina,
 * Rifiuta) enables 'Conferma' only after this, so a double tap on the action cannot confirm it.
 */
export const CONFIRM_DELAY_MS = 1000;

/** Print bridge connection (spec 4, 9). */
export const PRINTER_PORT = 3001;
export const PRINTER_RETRY_MS = 5000;
export const PRINTER_MAX_ATTEMPTS = 10;
/** Table-removal refresh after printing (spec 9). */
export const TABLE_REMOVAL_REFRESH_MS = 1000;

/** Order view autosave delays (spec 4, 9). */
export const AUTOSAVE_QUANTITY_PRICE_MS = 3000;
export const AUTOSAVE_DELETE_RESTORE_MS = 1000;

/** Layout (spec 2.4, 2.5, 9). */
export const NARROW_BREAKPOINT_PX = 576;
export const TABLE_SQUARE_PX = 50;
export const ROOM_CANVAS_SIZE = 2000;
export const NEW_TABLE_POSITION = { x: 10, y: 70 } as const;

/** Script chunk load timeout (spec 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Cookie that stores the cookie-banner consent (spec 2.1, 9). */
export const COOKIE_CONSENT_COOKIE = 'cookieConsent';

/** Session-storage keys of spec 9. */
export const SESSION_STORAGE_KEYS = {
  cart: 'cart',
  reservationDishes: 'reservationDishes',
  dataClient: 'dataClient',
  userCache: 'userCache',
  precUrl: 'precUrl',
} as const;

/**
 * Live connection defaults of spec section 9. Here rather than beside the event schemas: the
 * customer's live socket reads them without loading zod.
 */
export const LIVE_RECONNECT = {
  delayMs: 1000,
  delayMaxMs: 5000,
  randomization: 0.5,
  timeoutMs: 20_000,
} as const;
