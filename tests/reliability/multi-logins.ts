import { randomUUID } from 'node:crypto';
import { calls } from '@comanda/shared-schema';
import { AUTH_LIMITS } from '../../sync-server/src/auth/limits.ts';
import { postOnce } from './kill-http.ts';

export interface LoginLimitFigures {
  /** Wrong-password logins for one e-mail answered before the first 429, over both instances. */
  accountFailuresAllowed: number;
  /** Wrong-password logins from this address (all e-mails) before the address's first 429. */
  addressFailuresAllowed: number;
  problems: string[];
}

/** Tries past the limit: with a count per instance, the first 429 would come only after twice it. */
const PAST = 4;

/**
 * Wrong-password owner logins (spec 7, login; DESIGN.md "Where it runs": rate limits in a shared
 * store) sent to the instances in turn, all from this process's loopback address: both budgets
 * of the login guard (auth/limits.ts AUTH_LIMITS) must be one across the instances.
 * - One e-mail: refused 429 once it has `accountFailures[0].limit` failures in total, on
 *   whichever instance; counted per instance, the alternation would stay under the limit.
 * - Other e-mails, each once: the address is refused once it has `addressFailures.limit`
 *   failures in total (those of the first e-mail included).
 * Run last: past it, this address may no longer sign in with a password for a quarter of an hour.
 */
export async function loginLimitAcross(bases: readonly string[]): Promise<LoginLimitFigures> {
  const problems: string[] = [];
  let turn = 0;
  const attempt = async (email: string): Promise<number> => {
    const base = bases[turn++ % bases.length] ?? '';
    const ex = await postOnce(base + calls.ownerLogin.path, { email, password: 'sbagliata-123' }, {});
    if (ex.kind !== 'answer') throw new Error(`login on ${base}: no answer (${ex.error})`);
    return ex.status;
  };
  /** Logins until the first 429 (at most limit + PAST): the failures before it. */
  const until429 = async (limit: number, email: () => string, what: string): Promise<number> => {
    const codes: number[] = [];
    for (let i = 0; i < limit + PAST; i++) codes.push(await attempt(email()));
    const first = codes.indexOf(429);
    if (first < 0) problems.push(`${what}: no 429 in ${codes.length} wrong logins (${codes.join(' ')})`);
    else if (codes.slice(first).some((c) => c !== 429))
      problems.push(`${what}: a login let through after the first 429 (${codes.join(' ')})`);
    const before = first < 0 ? codes : codes.slice(0, first);
    if (before.some((c) => c === 429 || c < 400 || c >= 500))
      problems.push(`${what}: a wrong password answered other than 4xx (${codes.join(' ')})`);
    return first < 0 ? codes.length : first;
  };

  const account = AUTH_LIMITS.accountFailures[0].limit;
  const address = AUTH_LIMITS.addressFailures.limit;
  const email = `spray-${randomUUID()}@example.it`;
  const accountFailuresAllowed = await until429(account, () => email, 'one e-mail over both instances');
  if (accountFailuresAllowed !== account)
    problems.push(`one e-mail: first 429 after ${accountFailuresAllowed} failures, the limit is ${account}`);
  const addressFailuresAllowed =
    accountFailuresAllowed +
    (await until429(
      address - accountFailuresAllowed,
      () => `spray-${randomUUID()}@example.it`,
      'one address over both instances',
    ));
  if (addressFailuresAllowed !== address)
    problems.push(`one address: first 429 after ${addressFailuresAllowed} failures, the limit is ${address}`);
  return { accountFailuresAllowed, addressFailuresAllowed, problems };
}
