import { AppError, type CallDef, syncCalls, unstorableTextPath } from '@comanda/shared-schema';
import { msg } from '../lib/messages.ts';

/**
 * Text no store can hold (NUL, a lone surrogate: shared-schema's storable-text rule) is refused
 * with every call's input, before its schema or any store sees it: PostgreSQL would fail on it
 * mid-transaction (an error, not a refusal), SQLite would keep it and a move to PostgreSQL would
 * then fail. One rule for every text field of the contract ("Bad input": a clear error, nothing
 * changed). A mutation's input is judged inside the sync core, so its refusal is stored like any
 * other; a push's entries each carry another call's body, judged by that call when it runs (one
 * bad entry is that entry's refusal, not the whole push's).
 */
export function assertStorableText(def: CallDef, raw: unknown): void {
  const path = unstorableTextPath(def === syncCalls.push ? withoutEntryBodies(raw) : raw);
  if (path === null) return;
  const at = path === '' ? 'body' : path;
  throw new AppError('VALIDATION', `${at}: ${msg.unstorableText}`, {
    issues: [{ path: at, message: msg.unstorableText }],
  });
}

function withoutEntryBodies(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || !('mutations' in raw) || !Array.isArray(raw.mutations)) {
    return raw;
  }
  const mutations = raw.mutations.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return entry;
    const { body: _judgedByItsCall, ...rest } = entry as Record<string, unknown>;
    return rest;
  });
  return { ...raw, mutations };
}
