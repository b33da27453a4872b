/**
 * Which web pages may open the bridge's websocket (DESIGN.md "Abuse"): the Comanda app's own
 * origin, not every site a tablet's browser happens to show. A browser always sends `Origin` on
 * a websocket upgrade and a page cannot forge it, so this stops foreign pages; a program on the
 * LAN can send any `Origin` it likes, which is why every message also needs a paired device's
 * token.
 */

/** The Comanda app's port when it runs on the same box (`npm start`). */
export const APP_PORT = 3000;

/** `scheme://host[:port]` as a browser sends it, or null for what cannot be a page's origin. */
export function normalizeOrigin(value: string): string | null {
  const text = value.trim();
  if (text === '' || text === 'null') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash
  ) {
    return null;
  }
  return url.origin;
}

/** The app served from this machine on port 3000, by every name and address it has. */
export function defaultAppOrigins(names: readonly string[]): string[] {
  const origins: string[] = [];
  for (const name of names) {
    const host = name.includes(':') ? `[${name}]` : name;
    for (const scheme of ['http', 'https']) {
      const origin = normalizeOrigin(`${scheme}://${host}:${APP_PORT}`);
      if (origin) origins.push(origin);
    }
  }
  return [...new Set(origins)];
}

/**
 * An upgrade's `Origin` against the allowed ones. No header at all is not a web page (Node, curl,
 * the bench): let through, the token decides. `null` (a sandboxed frame, a file) is refused.
 */
export function originAllowed(allowed: ReadonlySet<string>, origin: string | undefined): boolean {
  if (origin === undefined) return true;
  const normalized = normalizeOrigin(origin);
  return normalized !== null && allowed.has(normalized);
}
