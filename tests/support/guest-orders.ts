// What a phone at a table sends, from Node: shared by the order bench and the throughput soak.
import { calls, type MenuDish } from '@comanda/shared-schema';

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * A guest session's cookie (`name=value`). `headers` may carry `x-forwarded-for` when the server
 * trusts a proxy: benches model many diners, each from their own address.
 */
export async function guestCookie(base: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await postJson(`${base}${calls.userLogin.path}`, { isAnonymus: true }, headers);
  if (!res.ok) throw new Error(`guest login failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

/** Three lines as the PWA sends them: one dish with its mandatory choices made, two plain ones. */
export async function threeLineCart(base: string, businessId: string, cookie: string): Promise<unknown[]> {
  const res = await postJson(`${base}${calls.userMenuGet.path}`, { businessId }, { cookie });
  if (!res.ok) throw new Error(`menu failed: ${res.status} ${await res.text()}`);
  const dishes = ((await res.json()) as { data: MenuDish[] }).data;
  const withChoice = dishes.find((d) => d.variants.some((v) => v.multi === 0));
  const plain = dishes.filter((d) => d.variants.length === 0).slice(0, 2);
  if (!withChoice || plain.length < 2)
    throw new Error('the demo menu lacks the dishes a three-line cart needs');
  return [withChoice, ...plain].map((dish, i) => ({
    ...dish,
    amount: i + 1,
    variants: dish.variants.map((v) => ({ ...v, selected: v.multi === 0 ? (v.options[0] ?? null) : [] })),
  }));
}

/** A distinct documentation-range address for diner `n` (benches behind TRUST_PROXY=1). */
export function dinerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * The session cookie (`comanda_sid=...`) a login answer sets. A password login also sets the
 * known-device cookie, so the first Set-Cookie is not always the session's.
 */
export function sessionCookie(res: Response): string {
  const found = res.headers.getSetCookie().find((c) => c.startsWith('comanda_sid='));
  return found?.split(';')[0] ?? '';
}
