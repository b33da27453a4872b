import type { Body, Calls, OrderFormData, Response } from '@comanda/shared-schema';
import { call } from '../data/api.ts';
import { uuid } from '../data/uuid.ts';
import { SEND_TIMEOUT_MS } from '../ordering/send-order.ts';
import { readJson, removeKey, writeJson } from '../ordering/session-store.ts';

export type DeliveryOrderBody = Body<Calls['userOrderDelivery']>;
export type DeliveryOrderAnswer = Response<Calls['userOrderDelivery']>;

/**
 * One send of a delivery order: the Idempotency-Key, the client's deliveryId and the exact body.
 * Kept in session storage, so a retry (automatic, 'Riprova', or after the tab was reloaded in the
 * middle of a send) resends the same key and id and the server stores the order once. A changed
 * order (cart, form, slot) is a new attempt: its fingerprint no longer matches.
 */
export interface DeliveryAttempt {
  ownerId: string;
  key: string;
  fingerprint: string;
  body: DeliveryOrderBody;
}

const ATTEMPT_KEY = 'deliveryAttempt';

/** What identifies the order: everything but the socket id, which changes with every connection. */
function fingerprintOf(body: Omit<DeliveryOrderBody, 'deliveryId'>): string {
  const { socketId: _socketId, ...rest } = body;
  return JSON.stringify(rest);
}

function readAttempt(): DeliveryAttempt | null {
  const parsed = readJson<Partial<DeliveryAttempt>>(ATTEMPT_KEY);
  if (!parsed || typeof parsed.key !== 'string' || typeof parsed.fingerprint !== 'string' || !parsed.body) {
    return null;
  }
  return parsed as DeliveryAttempt;
}

/** The pending attempt for this venue, if a send was under way. */
export function pendingDeliveryAttempt(ownerId: string): DeliveryAttempt | null {
  const attempt = readAttempt();
  return attempt?.ownerId === ownerId ? attempt : null;
}

/** The attempt to send now: the stored one for the very same order, else a new key and id. */
export function deliveryAttemptFor(
  ownerId: string,
  body: Omit<DeliveryOrderBody, 'deliveryId'>,
  newId: () => string = uuid,
): DeliveryAttempt {
  const fingerprint = fingerprintOf(body);
  const stored = pendingDeliveryAttempt(ownerId);
  if (stored && stored.fingerprint === fingerprint) return stored;
  const attempt: DeliveryAttempt = {
    ownerId,
    key: newId(),
    fingerprint,
    body: { ...body, deliveryId: newId() },
  };
  writeJson(ATTEMPT_KEY, attempt);
  return attempt;
}

/** After an answer (the order stored, or refused for good): the next send is a new attempt. */
export function dropDeliveryAttempt(): void {
  removeKey(ATTEMPT_KEY);
}

/** POST /api/reservation/user/orderDelivery for one attempt, with its Idempotency-Key. */
export function postDelivery(attempt: DeliveryAttempt, signal: AbortSignal): Promise<DeliveryOrderAnswer> {
  return call('userOrderDelivery', attempt.body, {
    signal,
    idempotencyKey: attempt.key,
    timeoutMs: SEND_TIMEOUT_MS,
  });
}

/** The form kept in session storage `dataClient` (spec 7), per venue, across steps and reloads. */
interface StoredForm {
  ownerId: string;
  form: OrderFormData;
}

export function readStoredForm(ownerId: string, key: string): OrderFormData | null {
  const parsed = readJson<Partial<StoredForm>>(key);
  return parsed?.ownerId === ownerId && parsed.form ? parsed.form : null;
}

export function writeStoredForm(ownerId: string, key: string, form: OrderFormData | null): void {
  if (form === null) removeKey(key);
  else writeJson(key, { ownerId, form } satisfies StoredForm);
}
