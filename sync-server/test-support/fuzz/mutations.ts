import fc from 'fast-check';
import {
  CONTENT_TYPES,
  EDGE_NUMBERS,
  EXTRA_KEYS,
  HUGE_SIZES,
  OTHER_TYPES,
  PROTO_KEYS,
  PROTO_VALUES,
  QUERY_VALUES,
  SPECIAL_NUMBERS,
  UNICODE_EDGES,
  WHOLE_BODIES,
} from './edge-values.ts';

/**
 * Turns a valid body into bad ones. A mutation is plain data (`Mutation`: which operator, which
 * node, which variant), drawn by fast-check and applied deterministically, so a seed replays the
 * same requests. Operators: wrong types, missing and extra fields, huge strings (beyond the
 * fields' limits, near and over the body limit), deep nesting, numbers JSON cannot carry (NaN,
 * Infinity, 1e999 written as raw text) and edge numbers (-0, 1e308, 2**53+1, negatives), unicode
 * edge cases (lone surrogates, NUL, RTL overrides, combining marks, ZWJ emoji), prototype-pollution
 * keys at every level, arrays for objects and back, duplicate keys, whole-body replacements
 * (empty, non-JSON, scalars, invalid UTF-8) and wrong content types.
 */

/** JSON text placed as is: what a JS value cannot become through JSON.stringify. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value tree that may hold `RawJson` pieces and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Sets an own property, even `__proto__` (plain assignment would change the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export const OPERATORS = [
  'wrong-type',
  'missing-field',
  'extra-field',
  'huge-string',
  'deep-nesting',
  'special-number',
  'edge-number',
  'unicode',
  'proto-keys',
  'shape-swap',
  'null',
  'duplicate-key',
  'whole-body',
  'content-type',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Mutation {
  op: Operator;
  /** Selects the node (modulo the number of candidates). */
  at: number;
  /** Selects the variant of the operator. */
  pick: number;
}

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom(...OPERATORS),
  at: fc.nat(),
  pick: fc.nat(),
});

/** `arb`'s value in `percent` of the draws, null in the others. */
export function sometimes<T>(arb: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> {
  return fc.oneof(
    { weight: 100 - percent, arbitrary: fc.constant(null) },
    { weight: percent, arbitrary: arb },
  );
}

/** A request body as sent: bytes or text (null: no body at all) and its content type. */
export interface BadBody {
  kind: string;
  payload: string | Buffer | null;
  contentType: string | null;
}

const JSON_TYPE = 'application/json';

type Path = Array<string | number>;

/** Every node's path, root first (depth-first). */
function nodePaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) nodePaths(v, [...path, i], out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nodePaths(v, [...path, k], out);
  }
  return out;
}

function getAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  return node;
}

/** A deep copy of plain JSON-like data (structuredClone keeps own `__proto__` keys). */
const clone = <T>(value: T): T => structuredClone(value);

/** Returns a copy of `value` with the node at `path` replaced (the root when path is empty). */
function replaceAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = clone(value);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent[last as number] = next;
  else setOwn(parent, String(last), next);
  return copy;
}

const pickOf = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

function deepNesting(depth: number, kind: number): RawJson {
  switch (kind % 3) {
    case 0:
      return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    case 1:
      return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    default:
      return new RawJson(
        `${'{"__proto__":'.repeat(Math.min(depth, 2000))}{}${'}'.repeat(Math.min(depth, 2000))}`,
      );
  }
}

/** Adds the prototype keys to every object of the tree (and to the root if it is one). */
function withProtoKeys(value: unknown, pick: number): unknown {
  const copy = clone(value);
  const key = pickOf(PROTO_KEYS, pick);
  const val = pickOf(PROTO_VALUES, Math.floor(pick / PROTO_KEYS.length));
  for (const path of nodePaths(copy)) {
    const node = getAt(copy, path);
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      setOwn(node as Record<string, unknown>, key, clone(val));
    }
  }
  if (copy === null || typeof copy !== 'object' || Array.isArray(copy)) {
    const wrapper: Record<string, unknown> = {};
    setOwn(wrapper, key, clone(val));
    return wrapper;
  }
  return copy;
}

function json(kind: string, value: unknown): BadBody {
  return { kind, payload: toJsonText(value), contentType: JSON_TYPE };
}

/** The bad body a mutation makes of a valid one. */
export function applyMutation(valid: unknown, m: Mutation): BadBody {
  const paths = nodePaths(valid);
  const path = pickOf(paths, m.at);
  const node = getAt(valid, path);
  switch (m.op) {
    case 'wrong-type': {
      const candidates = OTHER_TYPES.filter(
        (v) => typeof v !== typeof node || Array.isArray(v) !== Array.isArray(node),
      );
      return json(m.op, replaceAt(valid, path, clone(pickOf(candidates, m.pick))));
    }
    case 'missing-field': {
      const fields: Array<[Path, string]> = [];
      for (const p of paths) {
        const n = getAt(valid, p);
        if (n !== null && typeof n === 'object' && !Array.isArray(n)) {
          for (const k of Object.keys(n)) fields.push([p, k]);
        }
      }
      if (fields.length === 0) return json(m.op, valid);
      const [objectPath, key] = pickOf(fields, m.at);
      const copy = clone(valid);
      delete (getAt(copy, objectPath) as Record<string, unknown>)[key];
      return json(m.op, copy);
    }
    case 'extra-field': {
      const objects = paths.filter((p) => {
        const n = getAt(valid, p);
        return n !== null && typeof n === 'object' && !Array.isArray(n);
      });
      if (objects.length === 0) return json(m.op, { extra: pickOf(OTHER_TYPES, m.pick) });
      const copy = clone(valid);
      setOwn(
        getAt(copy, pickOf(objects, m.at)) as Record<string, unknown>,
        pickOf(EXTRA_KEYS, m.pick),
        clone(pickOf(OTHER_TYPES, Math.floor(m.pick / EXTRA_KEYS.length))),
      );
      return json(m.op, copy);
    }
    case 'huge-string': {
      const size = pickOf(HUGE_SIZES, m.pick);
      const unit = m.pick % 5 === 4 ? 'è' : 'x';
      const strings = paths.filter((p) => typeof getAt(valid, p) === 'string');
      const target = strings.length > 0 ? pickOf(strings, m.at) : path;
      return json(`${m.op}:${size}`, replaceAt(valid, target, unit.repeat(size)));
    }
    case 'deep-nesting': {
      const depth = pickOf([100, 1000, 5000, 20_000, 100_000], m.pick);
      return json(`${m.op}:${depth}`, replaceAt(valid, path, deepNesting(depth, Math.floor(m.pick / 5))));
    }
    case 'special-number':
    case 'edge-number': {
      const list = m.op === 'special-number' ? SPECIAL_NUMBERS : EDGE_NUMBERS;
      const numbers = paths.filter((p) => typeof getAt(valid, p) === 'number');
      const target = numbers.length > 0 ? pickOf(numbers, m.at) : path;
      const raw = pickOf(list, m.pick);
      return json(`${m.op}:${raw}`, replaceAt(valid, target, new RawJson(raw)));
    }
    case 'unicode': {
      const strings = paths.filter((p) => typeof getAt(valid, p) === 'string');
      const target = strings.length > 0 ? pickOf(strings, m.at) : path;
      const edge = pickOf(UNICODE_EDGES, m.pick);
      const old = getAt(valid, target);
      const base = typeof old === 'string' ? old : '';
      const variant = Math.floor(m.pick / UNICODE_EDGES.length) % 3;
      const next = variant === 0 ? edge : variant === 1 ? base + edge : edge + base;
      return json(m.op, replaceAt(valid, target, next));
    }
    case 'proto-keys':
      return json(m.op, withProtoKeys(valid, m.pick));
    case 'shape-swap': {
      const swapped = Array.isArray(node)
        ? Object.fromEntries(node.map((v, i) => [String(i), v]))
        : node !== null && typeof node === 'object'
          ? Object.values(node)
          : [node];
      return json(m.op, replaceAt(valid, path, swapped));
    }
    case 'null':
      return json(m.op, replaceAt(valid, path, null));
    case 'duplicate-key': {
      // JSON.parse keeps the last: the bad value wins over the valid one before it.
      const text = toJsonText(valid);
      if (!text.startsWith('{') || text === '{}')
        return { kind: m.op, payload: '{"a":1,"a":2}', contentType: JSON_TYPE };
      const keys = Object.keys(valid as Record<string, unknown>);
      const key = pickOf(keys, m.at);
      const bad = toJsonText(pickOf(OTHER_TYPES, m.pick));
      return {
        kind: m.op,
        payload: `${text.slice(0, -1)},${JSON.stringify(key)}:${bad}}`,
        contentType: JSON_TYPE,
      };
    }
    case 'whole-body': {
      const payload = pickOf(WHOLE_BODIES, m.pick);
      return { kind: `${m.op}:${m.pick % WHOLE_BODIES.length}`, payload, contentType: JSON_TYPE };
    }
    case 'content-type': {
      const contentType = pickOf(CONTENT_TYPES, m.pick);
      const text = toJsonText(valid);
      const payload = contentType?.startsWith('application/x-www') ? 'a=1&b=2' : text;
      return { kind: `${m.op}:${contentType}`, payload, contentType };
    }
  }
}

// ---------------------------------------------------------------- query strings (GET)

/** A query string from a generated object (numbers and booleans as text). */
export function toQuery(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

/** The bad query string a mutation makes of a valid one. */
export function applyQueryMutation(valid: unknown, m: Mutation): { kind: string; query: string } {
  const params = new URLSearchParams(toQuery(valid));
  const keys = [...params.keys()];
  const key = keys.length > 0 ? pickOf(keys, m.at) : 'since';
  switch (m.pick % 9) {
    case 0:
      params.delete(key);
      return { kind: 'query:missing', query: params.toString() };
    case 1:
      params.set(key, pickOf(QUERY_VALUES, m.at));
      return { kind: 'query:wrong-value', query: params.toString() };
    case 2:
      params.append(key, pickOf(QUERY_VALUES, m.at));
      return { kind: 'query:repeated', query: params.toString() };
    case 3:
      return {
        kind: 'query:proto',
        query: `${params.toString()}&${pickOf(['__proto__=x', '__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', 'prototype=1', 'hasOwnProperty=1'], m.at)}`,
      };
    case 4:
      params.set(key, pickOf(UNICODE_EDGES, m.at));
      return { kind: 'query:unicode', query: params.toString() };
    case 5:
      return { kind: 'query:bad-encoding', query: `${key}=%E0%A4%A&x=%%&y=%00` };
    case 6:
      params.set(key, 'x'.repeat(pickOf([300, 4000, 8000], m.at)));
      return { kind: 'query:huge', query: params.toString() };
    case 7:
      return { kind: 'query:nested', query: `${key}[a]=1&${key}[]=2&${key}.b=3` };
    default:
      params.set(pickOf(EXTRA_KEYS, m.at), '1');
      return { kind: 'query:extra', query: params.toString() };
  }
}
