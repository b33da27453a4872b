import type { CallDef, CallName, ErrorCode, ServerEventName } from '@comanda/shared-schema';

/** What the HTTP client needs of a call: where it goes and how. */
export type CallRoute = Pick<CallDef, 'method' | 'path'>;

/**
 * The part of the contract the HTTP client uses at run time: every call's method and path, the
 * error codes of the envelope, the header that marks a judged answer, the names of the live
 * events. Plain data, no zod: the build inlines it into `api.ts` (see `vite.config.ts`), so the
 * first request of a customer's phone does not wait for every call schema of the contract to be
 * built, and the live socket knows the events without loading their schemas.
 */
export interface WireTable {
  routes: Record<CallName, CallRoute>;
  errorCodes: readonly ErrorCode[];
  judgedHeader: string;
  serverEvents: readonly ServerEventName[];
}

/** What `wireTable` reads of `@comanda/shared-schema`. */
export interface WireSource {
  calls: Record<CallName, CallDef>;
  ErrorCode: { options: readonly ErrorCode[] };
  SYNC_HEADERS: { judged: string };
  serverEvents: Record<ServerEventName, unknown>;
}

/** The wire table of the contract: run by the build, and by the client itself outside a build. */
export function wireTable(shared: WireSource): WireTable {
  const routes = {} as Record<CallName, CallRoute>;
  for (const [name, def] of Object.entries(shared.calls) as Array<[CallName, CallDef]>) {
    routes[name] = { method: def.method, path: def.path };
  }
  return {
    routes,
    errorCodes: [...shared.ErrorCode.options],
    judgedHeader: shared.SYNC_HEADERS.judged,
    serverEvents: Object.keys(shared.serverEvents) as ServerEventName[],
  };
}
