import { z } from 'zod';
import {
  DELIVERY_CITIES_MAX,
  DELIVERY_CITY_NAME_MAX,
  OUT_OF_MENU_CATEGORY_ID,
  OUT_OF_MENU_CATEGORY_NAME,
} from './constants.ts';
import { Cents, Id } from './contract.ts';
import {
  CanvasCoord,
  Flag,
  HHMM,
  Instant,
  KitchenArea,
  Note,
  OutOfMenuDescription,
  Phone,
  RoomName,
  SlotAreaCapacity,
  SlotCapacity,
  UserVersion,
} from './fields.ts';
import { t } from './texts.ts';

/**
 * The entities of spec section 3, with the spec's field names. Money is integer cents on the
 * wire (price, costoConsegna, sconto, totaleOrdine, totalePagato...): 12,50 € travels as 1250.
 * Fields the spec does not name are marked "added" with the reason.
 */

// ---------------------------------------------------------------- menu

/** Variant option: id, label, price (cents added to the dish price when selected). */
export const VariantOption = z.object({
  id: Id,
  label: z.string().trim().min(1).max(100),
  price: Cents,
});
export type VariantOption = z.infer<typeof VariantOption>;

/**
 * Variant: id, name, multi (1 = several options may be chosen, 0 = mandatory single choice),
 * position (display order), options, selected (an array of options when multi, one option or
 * null when single; absent on the menu, filled in the cart).
 */
export const Variant = z.object({
  id: Id,
  name: z.string().trim().min(1).max(100),
  multi: Flag,
  position: z.number().int().min(0),
  options: z.array(VariantOption).max(100),
  selected: z.union([z.array(VariantOption).max(100), VariantOption, z.null()]).optional(),
});
export type Variant = z.infer<typeof Variant>;

/** Category: id, name; added: position (display order) and area (kitchen area of its dishes). */
export const Category = z.object({
  id: Id,
  name: z.string().trim().min(1).max(100),
  position: z.number().int().min(0),
  area: KitchenArea,
});
export type Category = z.infer<typeof Category>;

/**
 * Menu dish: id, name, price (base price, cents), categoryId, categoryName, variants, amount and
 * note (used once the dish is in a cart). Added: description, available (false hides it from
 * customers without deleting it).
 */
export const MenuDish = z.object({
  id: Id,
  name: z.string().trim().min(1).max(100),
  price: Cents,
  categoryId: Id,
  categoryName: z.string().max(100),
  variants: z.array(Variant).max(50),
  description: z.string().max(500).optional(),
  available: z.boolean().optional(),
  amount: z.number().int().min(0).max(999).optional(),
  note: Note.optional(),
});
export type MenuDish = z.infer<typeof MenuDish>;

// ---------------------------------------------------------------- cart

/** Cart line: the dish plus amount, note and selected variants (spec 3). */
export const CartLine = MenuDish.extend({
  amount: z.number().int().min(0).max(999),
  note: Note.optional(),
});
export type CartLine = z.infer<typeof CartLine>;

/**
 * Out-of-menu line (owner only): id null, name (the description), price, amount, note,
 * selected_option (the kitchen area), categoryId 'out_menu', categoryName 'Fuori menu'.
 */
export const OutOfMenuLine = z.object({
  id: z.null(),
  name: OutOfMenuDescription,
  price: Cents,
  amount: z.number().int().min(1).max(999),
  note: Note.optional(),
  selected_option: KitchenArea,
  categoryId: z.literal(OUT_OF_MENU_CATEGORY_ID),
  categoryName: z.literal(OUT_OF_MENU_CATEGORY_NAME),
});
export type OutOfMenuLine = z.infer<typeof OutOfMenuLine>;

/**
 * One line of a cart as sent in an order: only amount above 0 (spec 5). The server looks the dish
 * up and recomputes every price from its own menu; the prices here are the client's view.
 */
export const OrderCartLine = z.union(
  [
    CartLine.extend({
      amount: z.number().int(t.invalidAmount).min(1, t.invalidAmount).max(999, t.invalidAmount),
    }),
    OutOfMenuLine,
  ],
  // A line matching neither shape (a non-integer amount fails both): one clear message.
  { error: (issue) => (issue.code === 'invalid_union' ? t.invalidCartLine : undefined) },
);
export type OrderCartLine = z.infer<typeof OrderCartLine>;
export const OrderCart = z.array(OrderCartLine).min(1).max(200);

// ---------------------------------------------------------------- orders

export const LINE_STATUSES = ['preparation', 'ready', 'completed', 'owner_deleted'] as const;
export const LineStatus = z.enum(LINE_STATUSES);
export type LineStatus = z.infer<typeof LineStatus>;

/**
 * Reservation line: id, tableId or deliveryId, dishId (null for an out-of-menu line), name, price
 * (unit price in cents including the selected options), amount, variant (the selected variants),
 * note, selected_option (kitchen area), status, printed (1 = completed), accettato (0 = not
 * accepted), lastUpdate (instant). Added: categoryId/categoryName (out-of-menu lines carry
 * 'out_menu' / 'Fuori menu'); createdAt, the instant the send that added the line arrived: the
 * lines of one send share it, so the kitchen display tells a table's order rounds apart
 * (rules/kitchen.ts). Optional: rows stored before it existed lack it.
 */
export const ReservationLine = z.object({
  id: Id,
  tableId: Id.nullable().optional(),
  deliveryId: Id.nullable().optional(),
  dishId: Id.nullable(),
  name: z.string().max(150),
  price: Cents,
  amount: z.number().int().min(0).max(999),
  variant: z.array(Variant).max(50),
  note: Note.nullable().optional(),
  selected_option: KitchenArea,
  status: LineStatus,
  printed: Flag,
  accettato: Flag,
  lastUpdate: Instant,
  categoryId: z.string().max(64).optional(),
  categoryName: z.string().max(100).optional(),
  createdAt: Instant.optional(),
});
export type ReservationLine = z.infer<typeof ReservationLine>;

/** Delivery type; required (spec 5): a missing one reads 'Campo obbligatorio'. */
export const Tipo = z.enum(['Consegna', 'Ritiro'], {
  error: (issue) => (issue.input === undefined ? t.requiredField : undefined),
});
export type Tipo = z.infer<typeof Tipo>;

/**
 * Table / order: one dashboard entry, either a table's open order (tableId) or a delivery or
 * pickup order (deliveryId). accettato: 0 awaiting acceptance, 1 accepted, null treated as
 * accepted. status: 1 when the table has orders. isLoading/isModifing are client view state.
 * Added: number (the table's 'Tavolo {n}'), email (the customer's, for the confirmation mail),
 * costoConsegna (the fee applied, cents), sconto (discount, cents), statusPay (1 = paid, set by
 * changeStatusPay), createdAt, primaPossibile (deliveries: the customer chose 'Prima possibile';
 * orario is then the slot the server assigned, the start of that range), checkoutUntil (a card
 * order not paid yet, spec 4 "Customer order flow": not an order to decide until its payment
 * succeeds, canceled at this instant if it has not; absent once paid and on every other order).
 */
export const TableOrder = z.object({
  id: Id,
  tableId: Id.nullable().optional(),
  deliveryId: Id.nullable().optional(),
  number: z.number().int().min(1).nullable().optional(),
  tipo: Tipo.nullable().optional(),
  nome: z.string().max(100).nullable().optional(),
  cognome: z.string().max(100).nullable().optional(),
  telefono: Phone.nullable().optional(),
  email: z.string().max(254).nullable().optional(),
  indirizzo: z.string().max(200).nullable().optional(),
  comune: z.string().max(100).nullable().optional(),
  noteConsegna: z.string().max(500).nullable().optional(),
  orario: HHMM.nullable().optional(),
  accettato: Flag.nullable(),
  isCalled: z.boolean(),
  reservations: z.array(ReservationLine),
  x: CanvasCoord.nullable().optional(),
  y: CanvasCoord.nullable().optional(),
  businessId: Id,
  status: Flag,
  paymentIntentId: z.string().max(255).nullable().optional(),
  costoConsegna: Cents.optional(),
  sconto: Cents.optional(),
  statusPay: Flag.optional(),
  createdAt: Instant.optional(),
  primaPossibile: z.boolean().optional(),
  checkoutUntil: Instant.nullable().optional(),
  isLoading: z.boolean().optional(),
  isModifing: z.boolean().optional(),
});
export type TableOrder = z.infer<typeof TableOrder>;

/** A dashboard entry as the change log keeps it: the order without its lines or view state. */
export const OrderRow = TableOrder.omit({ reservations: true, isLoading: true, isModifing: true });
export type OrderRow = z.infer<typeof OrderRow>;

export const DELIVERY_OPTIONS = ['ritiro', 'consegna', 'table'] as const;
export const DeliveryOption = z.enum(DELIVERY_OPTIONS);
export type DeliveryOption = z.infer<typeof DeliveryOption>;

/** 'Prima possibile' (asap) or 'Imposta orario' (set): the form's time option (spec 5). */
export const TimeOption = z.enum(['asap', 'set']);
export type TimeOption = z.infer<typeof TimeOption>;

/**
 * Order form data (the customer's delivery/pickup form, spec 3): on submission it maps to tipo,
 * orario, nome, cognome, telefono, indirizzo, comune, noteConsegna. costoConsegna in cents.
 * Added: timeOption (the 'Prima possibile' / 'Imposta orario' choice spec 5 requires).
 */
export const OrderFormData = z.object({
  deliveryOption: DeliveryOption.nullable(),
  deliveryTime: HHMM.nullable(),
  timeOption: TimeOption.nullable(),
  name: z.string().max(100),
  surname: z.string().max(100),
  phoneNumber: Phone,
  email: z.string().max(254),
  address: z.string().max(200),
  city: z.string().max(100),
  noteDelivery: z.string().max(500),
  costoConsegna: Cents,
});
export type OrderFormData = z.infer<typeof OrderFormData>;

/** Order-history payload (spec 3): posted when an order is completed. Amounts in cents. */
export const OrderHistoryPayload = z.object({
  table: TableOrder,
  totaleOrdine: Cents,
  costoConsegna: Cents,
  totalePagato: Cents,
});
export type OrderHistoryPayload = z.infer<typeof OrderHistoryPayload>;

/** Payment fields (spec 3): the card payment of a delivery and the venue's connected account. */
export const PaymentFields = z.object({
  paymentIntentId: z.string().min(1).max(255),
  accountIdPayment: z.string().min(1).max(255),
});
export type PaymentFields = z.infer<typeof PaymentFields>;

export const PRINT_TYPES = ['PRINT_ORDER_TABLE', 'PRINT_ORDER_R_C'] as const;
/** Printer message (spec 3, 7): what the dashboard sends to the print bridge. sconto in cents. */
export const PrinterMessage = z.object({
  type: z.enum(PRINT_TYPES),
  data: TableOrder,
  sconto: Cents,
});
export type PrinterMessage = z.infer<typeof PrinterMessage>;

// ---------------------------------------------------------------- venue

/** Owner profile: name, costoConsegna (cents), openingTime, closingTime. Added: ownerIp (print bridge host). */
export const OwnerProfile = z.object({
  name: z.string().trim().min(1).max(100),
  costoConsegna: Cents,
  openingTime: HHMM,
  closingTime: HHMM,
  ownerIp: z.string().max(255).nullable().optional(),
});
export type OwnerProfile = z.infer<typeof OwnerProfile>;

/** Owner business (delivery settings): openConsegna, closeConsegna, abilitaConsegna, currentTime_db (server now). */
export const OwnerBusiness = z.object({
  openConsegna: HHMM,
  closeConsegna: HHMM,
  abilitaConsegna: Flag,
  currentTime_db: Instant,
});
export type OwnerBusiness = z.infer<typeof OwnerBusiness>;

/** Chat setting (1 = on), order-enabled flag (1 = enabled), closed status (spec 3). */
export const ChatSetting = z.object({ chatEnabled: Flag });
export const OrderEnabledFlag = z.object({ orderEnabled: Flag });
export const ClosedStatus = z.object({ is_closed: Flag, messaggioChiusura: z.string().max(500).nullable() });
export type ClosedStatus = z.infer<typeof ClosedStatus>;

/**
 * The venue as the change log and snapshot keep it: profile, delivery settings and flags in one
 * row (entity 'business', id = the businessId). Added (optional so older rows parse):
 * deliveryCities (the comuni a consegna may go to; empty = none yet), slotCapacity (orders per
 * 15-minute slot) and slotAreaCapacity (per kitchen area, `{}` = no area limit). Added:
 * userVersion, the version of the venue's owner account (spec 3 "User", 2.4, 6: it decides the
 * room screen's extra panels), so every tablet knows it offline; one owner account runs one venue.
 */
export const BusinessRow = OwnerProfile.extend({
  id: Id,
  openConsegna: HHMM,
  closeConsegna: HHMM,
  abilitaConsegna: Flag,
  orderEnabled: Flag,
  chatEnabled: Flag,
  is_closed: Flag,
  messaggioChiusura: z.string().max(500).nullable(),
  deliveryCities: z.array(z.string().max(DELIVERY_CITY_NAME_MAX)).max(DELIVERY_CITIES_MAX).optional(),
  slotCapacity: SlotCapacity.optional(),
  slotAreaCapacity: SlotAreaCapacity.optional(),
  userVersion: UserVersion.optional(),
});
export type BusinessRow = z.infer<typeof BusinessRow>;

// ---------------------------------------------------------------- rooms

/** Room: id, name. */
/** Room: id, name (spec 3). Added: position, so every device shows the tabs in one order. */
export const Room = z.object({ id: Id, name: RoomName, position: z.number().int().min(0).optional() });
export type Room = z.infer<typeof Room>;

/**
 * Room table: id, businessId, roomId, x, y, status (boolean, toggled by the owner). Added: number
 * (per-business, shown as 'Tavolo {n}') and called (the waiter call).
 */
export const RoomTable = z.object({
  id: Id,
  businessId: Id,
  roomId: Id,
  number: z.number().int().min(1),
  x: CanvasCoord,
  y: CanvasCoord,
  status: z.boolean(),
  /** Added: a customer called the waiter and no device has dismissed it yet (spec 4 "Table call"). */
  called: z.boolean().optional(),
});
export type RoomTable = z.infer<typeof RoomTable>;

// ---------------------------------------------------------------- chat

/**
 * Chat message: tableId, text, time (instant). Added: id, and from ('user' = the table,
 * 'owner' = the venue), since both sides write in one conversation per table.
 */
export const ChatMessage = z.object({
  id: Id,
  tableId: Id,
  text: z.string().min(1).max(500),
  time: Instant,
  from: z.enum(['user', 'owner']).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

// ---------------------------------------------------------------- change log entities

/**
 * Entity names of the change log and the snapshot (sync.ts `Change.entity`, `EntityRow.entity`).
 * 'order' is a dashboard entry without its lines; 'line' is one reservation line.
 */
export const ENTITY = {
  business: 'business',
  room: 'room',
  table: 'table',
  category: 'category',
  dish: 'dish',
  order: 'order',
  line: 'line',
  chatMessage: 'chatMessage',
} as const;
export type EntityName = (typeof ENTITY)[keyof typeof ENTITY];

/** The wire schema of each entity's `data`, exactly as a change row or snapshot row carries it. */
export const entitySchemas = {
  business: BusinessRow,
  room: Room,
  table: RoomTable,
  category: Category,
  dish: MenuDish,
  order: OrderRow,
  line: ReservationLine,
  chatMessage: ChatMessage,
} as const satisfies Record<EntityName, z.ZodType>;
export type EntityData<E extends EntityName> = z.infer<(typeof entitySchemas)[E]>;
