/**
 * Text every store can hold ("Bad input"): PostgreSQL refuses NUL in text and in JSON, and a lone
 * UTF-16 surrogate (half of a pair) has no UTF-8 form, so PostgreSQL cannot store or even compare
 * it. SQLite would keep either, and a venue's data must move between the two stores, so the
 * stricter rule holds everywhere. Matched on UTF-16 code units (no `u` flag), so it also runs in
 * browsers without `String.prototype.isWellFormed`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this rule refuses.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * Where a parsed JSON value (a request body, a query, a live frame) holds a string or an object
 * key that no store can hold: its path (`lines.0.note`, `''` for the value itself), or null when
 * all of it is storable. Walked with a stack, not recursion: a body nested thousands of levels
 * deep is refused for its text, not by a stack overflow.
 */
export function unstorableTextPath(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: v, path } = next;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        stack.push({ value: item, path: join(path, String(i)) });
      });
    } else if (isPlainObject(v)) {
      for (const [key, item] of Object.entries(v)) {
        const at = join(path, key);
        if (!isStorableText(key)) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** JSON's objects (and a query's null-prototype object), not a Buffer or other class. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}
