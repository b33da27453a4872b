import {
  type Body,
  type BusinessRow,
  type Calls,
  DeliverySettingsBody,
  formatAmount,
  KITCHEN_AREAS,
  type KitchenArea,
  ProfileSetBody,
  parsePrice,
  SLOT_CAPACITY_MIN,
  t,
} from '@comanda/shared-schema';

/**
 * The profile's forms, apart from React: each section's draft (what the inputs hold, as typed),
 * the draft a venue row gives, and the change a draft makes, checked with the same schemas the
 * server runs. A section sends only the fields that differ from the row.
 */

export type ProfileBody = Body<Calls['ownerProfileSet']>;
export type DeliverySettings = Body<Calls['deliverySettingsSet']>;
export type FieldErrors = Record<string, string>;

export const AREA_LABELS: Record<KitchenArea, string> = {
  cucina: t.areaCucina,
  bar: t.areaBar,
  fritti: t.areaFritti,
};

export interface VenueDraft {
  name: string;
  openingTime: string;
  closingTime: string;
}
/** The closing message; the closed switch itself applies at once (`closedSwitchChange`). */
export interface ClosedDraft {
  message: string;
}
/** Delivery's fields; its on/off switch applies at once (`flagChange`). */
export interface DeliveryDraft {
  from: string;
  to: string;
  /** The fee as typed: '2,50'. */
  fee: string;
  cities: string[];
  /** Capacities as typed; an area left empty has no limit. */
  capacity: string;
  areas: Record<KitchenArea, string>;
}
export interface PrinterDraft {
  address: string;
}

export const venueDraft = (row: BusinessRow): VenueDraft => ({
  name: row.name,
  openingTime: row.openingTime,
  closingTime: row.closingTime,
});
export const closedDraft = (row: BusinessRow): ClosedDraft => ({
  message: row.messaggioChiusura ?? '',
});
export const deliveryDraft = (row: BusinessRow): DeliveryDraft => ({
  from: row.openConsegna,
  to: row.closeConsegna,
  fee: formatAmount(row.costoConsegna),
  cities: [...(row.deliveryCities ?? [])],
  capacity: String(row.slotCapacity ?? SLOT_CAPACITY_MIN),
  areas: {
    cucina: row.slotAreaCapacity?.cucina?.toString() ?? '',
    bar: row.slotAreaCapacity?.bar?.toString() ?? '',
    fritti: row.slotAreaCapacity?.fritti?.toString() ?? '',
  },
});
export const printerDraft = (row: BusinessRow): PrinterDraft => ({ address: row.ownerIp ?? '' });

/** The fields of `body` whose value differs from the row's. */
function changed<T extends object>(row: BusinessRow, body: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(body) as Array<[keyof T, T[keyof T]]>) {
    const current = (row as unknown as Record<string, unknown>)[key as string] ?? null;
    if (JSON.stringify(current) !== JSON.stringify(value ?? null)) out[key] = value;
  }
  return out;
}

/** Zod's issues keyed by their first path segment: the form shows one message per field. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface Change<B> {
  /** Only the fields that changed; null when nothing did or something is wrong. */
  body: B | null;
  errors: FieldErrors;
}

function profileChange(row: BusinessRow, fields: ProfileBody): Change<ProfileBody> {
  const parsed = ProfileSetBody.safeParse(fields);
  if (!parsed.success) return { body: null, errors: issuesOf(parsed) };
  const body = changed(row, parsed.data);
  return { body: Object.keys(body).length > 0 ? body : null, errors: {} };
}

export function venueChange(row: BusinessRow, draft: VenueDraft): Change<ProfileBody> {
  return profileChange(row, {
    name: draft.name,
    openingTime: draft.openingTime.trim(),
    closingTime: draft.closingTime.trim(),
  });
}

function closingMessage(draft: ClosedDraft): string | null {
  const message = draft.message.trim();
  return message === '' ? null : message;
}

export function closedChange(row: BusinessRow, draft: ClosedDraft): Change<ProfileBody> {
  return profileChange(row, { messaggioChiusura: closingMessage(draft) });
}

/**
 * 'Locale chiuso ora' flipped: it applies at once, and a message typed but not saved yet goes
 * with it, so customers read it on the closed screen from the first moment. A message the
 * schema refuses stays behind (its field says why); the switch still applies.
 */
export function closedSwitchChange(
  row: BusinessRow,
  closed: boolean,
  draft: ClosedDraft,
): Change<ProfileBody> {
  const withMessage = profileChange(row, {
    is_closed: closed ? 1 : 0,
    messaggioChiusura: closingMessage(draft),
  });
  return withMessage.body ? withMessage : flagChange(row, { is_closed: closed ? 1 : 0 });
}

/** A switch of the profile (closed, delivery on/off): just that field, when it differs. */
export function flagChange(
  row: BusinessRow,
  fields: Pick<ProfileBody, 'is_closed' | 'abilitaConsegna'>,
): Change<ProfileBody> {
  return profileChange(row, fields);
}

export function printerChange(row: BusinessRow, draft: PrinterDraft): Change<ProfileBody> {
  const address = draft.address.trim();
  return profileChange(row, { ownerIp: address === '' ? null : address });
}

/** A whole number typed in a capacity field; NaN for anything else (the schema says why). */
function capacityOf(typed: string): number {
  return /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
}

/**
 * The delivery section's 'Salva' sends two calls: the profile's window and fee, and the delivery
 * settings (towns and capacities). Both are checked before either is sent. Its switch applies at
 * once on its own (`flagChange`).
 */
export function deliveryChange(
  row: BusinessRow,
  draft: DeliveryDraft,
): { profile: ProfileBody | null; settings: DeliverySettings | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fee = parsePrice(draft.fee);
  if (!fee.ok) errors.costoConsegna = fee.error === 'empty' ? t.priceEmpty : t.invalidPrice;
  const profile = profileChange(row, {
    openConsegna: draft.from.trim(),
    closeConsegna: draft.to.trim(),
    ...(fee.ok ? { costoConsegna: fee.cents } : {}),
  });
  Object.assign(errors, profile.errors);

  const areaCapacity: Partial<Record<KitchenArea, number>> = {};
  for (const area of KITCHEN_AREAS) {
    const typed = draft.areas[area].trim();
    if (typed !== '') areaCapacity[area] = capacityOf(typed);
  }
  const settings = DeliverySettingsBody.safeParse({
    deliveryCities: draft.cities.map((c) => c.trim()).filter((c) => c !== ''),
    slotCapacity: capacityOf(draft.capacity),
    slotAreaCapacity: areaCapacity,
  });
  if (!settings.success) {
    for (const issue of settings.error.issues) {
      const [first, second] = issue.path;
      const key = first === 'slotAreaCapacity' && second ? `area.${String(second)}` : String(first ?? '');
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { profile: null, settings: null, errors };
  const settingsBody = settings.success
    ? changed(row, { ...settings.data, slotAreaCapacity: areaCapacity })
    : {};
  // The row may hold no area limits at all: `{}` and a missing value mean the same.
  if (
    settingsBody.slotAreaCapacity !== undefined &&
    JSON.stringify(settingsBody.slotAreaCapacity) === '{}' &&
    !row.slotAreaCapacity
  ) {
    delete settingsBody.slotAreaCapacity;
  }
  return {
    profile: profile.body,
    settings: Object.keys(settingsBody).length > 0 ? (settingsBody as DeliverySettings) : null,
    errors,
  };
}
