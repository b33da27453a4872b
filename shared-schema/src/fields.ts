import { z } from 'zod';
import {
  DELIVERY_CITIES,
  DELIVERY_CITIES_MAX,
  DELIVERY_CITY_NAME_MAX,
  KITCHEN_AREAS,
  KITCHEN_FILTERS,
  NOTE_MAX,
  OUT_OF_MENU_DESCRIPTION_MAX,
  ROOM_CANVAS_SIZE,
  ROOM_NAME_MAX,
  SLOT_CAPACITY_MAX,
  SLOT_CAPACITY_MIN,
} from './constants.ts';
import { t } from './texts.ts';

/**
 * Field schemas shared by entities and call bodies. Messages are the spec's Italian texts where
 * it has one, so the server's 400 and the form's error read the same.
 */

/** The spec's 0/1 flags (accettato, printed, chatEnabled, orderEnabled, ...). */
export const Flag = z.literal([0, 1]);
export type Flag = z.infer<typeof Flag>;

/** 'HH:MM', 00:00 to 23:59. */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const HHMM = z.string().regex(HHMM_PATTERN, t.invalidTime);

/** Client-generated ids of offline-created entities: UUIDs only, so they cannot be guessed. */
export const ClientGeneratedId = z.uuid();

/** An instant on the wire: ISO 8601 with offset or Z. */
export const Instant = z.iso.datetime({ offset: true });

export const KitchenArea = z.enum(KITCHEN_AREAS, { error: t.chooseKind });
export type KitchenArea = z.infer<typeof KitchenArea>;
export const KitchenFilter = z.enum(KITCHEN_FILTERS);
export type KitchenFilter = z.infer<typeof KitchenFilter>;

/** The spec's fixed list (spec 9); a venue's own list is `DeliveryCities` below. */
export const DeliveryCity = z.enum(DELIVERY_CITIES);
export type DeliveryCity = z.infer<typeof DeliveryCity>;

/** One city a venue delivers to, as the owner names it: trimmed, 1 to 60 characters. */
export const DeliveryCityName = z
  .string()
  .trim()
  .min(1, t.requiredField)
  .max(DELIVERY_CITY_NAME_MAX, t.deliveryCityTooLong);

/** A venue's delivery cities as the owner sets them: 1 to 50 names, none repeated (any case). */
export const DeliveryCities = z
  .array(DeliveryCityName)
  .min(1, t.deliveryCitiesRequired)
  .max(DELIVERY_CITIES_MAX, t.tooManyDeliveryCities)
  .refine((cities) => new Set(cities.map((c) => c.toLocaleLowerCase('it'))).size === cities.length, {
    message: t.duplicateDeliveryCity,
  });

/** Orders a 15-minute slot takes: 1 to 50. */
export const SlotCapacity = z
  .number(t.invalidSlotCapacity)
  .int(t.invalidSlotCapacity)
  .min(SLOT_CAPACITY_MIN, t.invalidSlotCapacity)
  .max(SLOT_CAPACITY_MAX, t.invalidSlotCapacity);

/**
 * Optional capacity per kitchen area: at most n orders of a slot may have a line of
 * that area. An area left out has no limit of its own (the slot's capacity still applies), so a
 * slot full in 'fritti' still takes a drinks-only order.
 */
export const SlotAreaCapacity = z
  .object({ cucina: SlotCapacity.optional(), bar: SlotCapacity.optional(), fritti: SlotCapacity.optional() })
  .strict();
export type SlotAreaCapacity = z.infer<typeof SlotAreaCapacity>;

/** Trimmed, non-empty, under 100 characters; one message for both failures (spec 5, 8). */
export const RoomName = z.string().trim().min(1, t.invalidRoomName).max(ROOM_NAME_MAX, t.invalidRoomName);

/** Dish note: at most 150 characters (spec 5). */
export const Note = z.string().max(NOTE_MAX, t.noteTooLong);

/** Out-of-menu description: required, at most 150 characters (spec 5). */
export const OutOfMenuDescription = z
  .string()
  .trim()
  .min(1, t.describeRequest)
  .max(OUT_OF_MENU_DESCRIPTION_MAX, t.descriptionTooLong);

/** Phone: digits only, not required (spec 5). Clients strip other characters while typing. */
export const Phone = z.string().regex(/^\d{0,20}$/, t.phoneDigitsOnly);

/** A position on the room canvas (spec 2.4: 2000 units). */
export const CanvasCoord = z.number().min(0).max(ROOM_CANVAS_SIZE);

/** Spec 3 "User": version 1, 2 or 3; spec 2.4, 6: it decides the room screen's extra panels. */
export const UserVersion = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type UserVersion = z.infer<typeof UserVersion>;

/** The live socket id the sender passes so it is not echoed (optional everywhere). */
export const SocketId = z.string().max(64).optional();

/**
 * The business version the tablet saw when it decided a destructive action (complete, reject,
 * delete table); the server refuses with CONFLICT if new lines arrived since (DESIGN.md).
 */
export const SeenVersion = z.number().int().min(0).optional();
