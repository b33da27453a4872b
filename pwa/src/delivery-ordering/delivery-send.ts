import type { Body, Calls, CardAmounts, OrderFormData, Response } from '@comanda/shared-schema';
import { call } from '../data/api.ts';
import { uuid } from '../data/uuid.ts';
import { SEND_TIMEOUT_MS } from '../ordering/send-order.ts';
import { readJson, removeKey, writeJson } from '../ordering/session-store.ts';

export type DeliveryOrderBody = Body<Calls['userOrderDelivery']>;
export type DeliveryOrderAnswer = Response<Calls['userOrderDelivery']>;
export type CardIntentAnswer = Response<Calls['createPaymentIntent']>;

/** Spec 4: carta (pay now, the card send creates a payment intent) or cassa (a direct send). */
export type PayMethod = 'cassa' | 'carta';

/**
 * What the card dialog and the success page need of a card send's answer: the intent
 * on the venue's connected account, the order it pays for, and what the server charges.
 */
export interface CardSession {
  deliveryId: string;
  paymentIntentId: string;
  clientSecret: string;
  accountId: string;
  amounts: CardAmounts;
}

export function cardSessionOf(answer: CardIntentAnswer): CardSession {
  const { deliveryId, paymentIntentId, clientSecret, accountId, amounts } = answer;
  return { deliveryId, paymentIntentId, clientSecret, accountId, amounts };
}

/**
 * One send of a delivery order: the Idempotency-Key, the client's deliveryId and the exact body.
 * Kept in session storage, so a retry (automatic, 'Riprova', or after the tab was reloaded in the
 * middle of a send) resends the same key and id and the server stores the order once. A changed
 * order (cart, form, slot, payment choice) is a new attempt: its fingerprint no longer matches.
 * A card send stores the order before it is paid: its attempt stays, with the intent, until the
 * payment is settled, so 'Vai al pagamento' again pays for that same order.
 */
export interface DeliveryAttempt {
  ownerId: string;
  key: string;
  fingerprint: string;
  body: DeliveryOrderBody & { deliveryId: string };
  /** Absent: cassa (and attempts stored before card payments existed). */
  method?: PayMethod;
  /** carta: the intent the server answered for this attempt. */
  intent?: CardSession;
}

export type SentDelivery =
  | { method: 'cassa'; answer: DeliveryOrderAnswer }
  | { method: 'carta'; answer: CardIntentAnswer };

const ATTEMPT_KEY = 'deliveryAttempt';

/** What identifies the order: everything but the socket id, which changes with every connection. */
function fingerprintOf(body: Omit<DeliveryOrderBody, 'deliveryId'>, method: PayMethod): string {
  const { socketId: _socketId, ...rest } = body;
  return JSON.stringify(method === 'carta' ? { ...rest, payWith: method } : rest);
}

function readAttempt(): DeliveryAttempt | null {
  const parsed = readJson<Partial<DeliveryAttempt>>(ATTEMPT_KEY);
  if (!parsed || typeof parsed.key !== 'string' || typeof parsed.fingerprint !== 'string' || !parsed.body) {
    return null;
  }
  return parsed as DeliveryAttempt;
}

/** The pending attempt for this venue, if a send was under way (or a card order awaits payment). */
export function pendingDeliveryAttempt(ownerId: string): DeliveryAttempt | null {
  const attempt = readAttempt();
  return attempt?.ownerId === ownerId ? attempt : null;
}

/** A send that never got its answer (not a card order that was stored and awaits payment). */
export function awaitsAnswer(attempt: DeliveryAttempt | null): boolean {
  return attempt !== null && attempt.intent === undefined;
}

/** The attempt to send now: the stored one for the very same order, else a new key and id. */
export function deliveryAttemptFor(
  ownerId: string,
  body: Omit<DeliveryOrderBody, 'deliveryId'>,
  newId: () => string = uuid,
  method: PayMethod = 'cassa',
): DeliveryAttempt {
  const fingerprint = fingerprintOf(body, method);
  const stored = pendingDeliveryAttempt(ownerId);
  if (stored && stored.fingerprint === fingerprint) return stored;
  const attempt: DeliveryAttempt = {
    ownerId,
    key: newId(),
    fingerprint,
    body: { ...body, deliveryId: newId() },
    ...(method === 'carta' ? { method } : {}),
  };
  writeJson(ATTEMPT_KEY, attempt);
  return attempt;
}

/** A card send was answered: its attempt keeps the intent (the order now awaits payment). */
export function recordIntent(attempt: DeliveryAttempt, intent: CardSession): DeliveryAttempt {
  const next = { ...attempt, intent };
  if (pendingDeliveryAttempt(attempt.ownerId)?.key === attempt.key) writeJson(ATTEMPT_KEY, next);
  return next;
}

/** After an answer (the order stored, or refused for good): the next send is a new attempt. */
export function dropDeliveryAttempt(): void {
  removeKey(ATTEMPT_KEY);
}

/**
 * One attempt on the wire, with its Idempotency-Key: POST /api/reservation/user/orderDelivery
 * for cassa, /api/stripe/create-payment-intent for carta (the same body, deliveryId required).
 */
export async function postDelivery(attempt: DeliveryAttempt, signal: AbortSignal): Promise<SentDelivery> {
  const opts = { signal, idempotencyKey: attempt.key, timeoutMs: SEND_TIMEOUT_MS };
  if (attempt.method === 'carta') {
    const { isOwner: _isOwner, paymentIntentId: _pi, ...body } = attempt.body;
    return { method: 'carta', answer: await call('createPaymentIntent', body, opts) };
  }
  return { method: 'cassa', answer: await call('userOrderDelivery', attempt.body, opts) };
}

/**
 * Session storage `dataClient` (spec 7), per venue: the form across steps and reloads, the
 * payment choice, and for a card payment the order and its intent, written before the page
 * leaves for the card provider's confirm step and read back by the success page.
 */
export interface DataClient {
  ownerId: string;
  form: OrderFormData;
  payWith?: PayMethod;
  card?: CardSession;
}

export function readDataClient(ownerId: string, key: string): DataClient | null {
  const parsed = readJson<Partial<DataClient>>(key);
  return parsed?.ownerId === ownerId && parsed.form ? (parsed as DataClient) : null;
}

/** Updates the stored dataClient (a form is needed to start one); null removes it. */
export function patchDataClient(
  ownerId: string,
  key: string,
  patch: Partial<Omit<DataClient, 'ownerId'>> | null,
): void {
  if (patch === null) {
    removeKey(key);
    return;
  }
  const current = readDataClient(ownerId, key);
  const form = patch.form ?? current?.form;
  if (!form) return;
  writeJson(key, { ...current, ...patch, ownerId, form } satisfies DataClient);
}

export function readStoredForm(ownerId: string, key: string): OrderFormData | null {
  return readDataClient(ownerId, key)?.form ?? null;
}

export function writeStoredForm(ownerId: string, key: string, form: OrderFormData | null): void {
  patchDataClient(ownerId, key, form === null ? null : { form });
}
