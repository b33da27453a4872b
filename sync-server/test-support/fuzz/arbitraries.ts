import fc from 'fast-check';
import type { z } from 'zod';

/**
 * zod 4 schema -> fast-check arbitrary of values the schema accepts, by walking the schema's
 * `_zod.def` (object, string with length/regex/uuid/email/iso formats, number/int with bounds,
 * boolean, enum, literal, array with bounds, optional, nullable, default, union and discriminated
 * union, record, tuple, pipe, lazy). Refinements (`.refine`, `.superRefine`) cannot be read, so
 * `validArbitrary` draws several candidates and keeps the first the schema accepts: bodies are
 * valid as often as the refinements allow, and never loop.
 *
 * Ids come from the world when it has some for a field name (`GenContext.idsFor`), so valid bodies
 * reach the handlers' real rows instead of stopping at "not found".
 */

/** zod 4 internals, typed only as far as this walker reads them. */
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What the world offers the generator. */
export interface GenContext {
  /** Real ids for a field name (the last key of its path); empty when the world has none. */
  idsFor(key: string | undefined): readonly string[];
  /** A hand-written arbitrary for a field name (e.g. a cart of real dishes), or undefined. */
  special?(key: string | undefined, schema: z.ZodType): fc.Arbitrary<unknown> | undefined;
}

export const noContext: GenContext = { idsFor: () => [] };

interface Bounds {
  min: number;
  max: number;
  minExclusive: boolean;
  maxExclusive: boolean;
  int: boolean;
  multipleOf: number | null;
  /** Length bounds for strings and arrays. */
  minLength: number;
  maxLength: number;
  formats: string[];
  patterns: RegExp[];
  trims: boolean;
}

function boundsOf(def: Def): Bounds {
  const b: Bounds = {
    min: -1e9,
    max: 1e9,
    minExclusive: false,
    maxExclusive: false,
    int: false,
    multipleOf: null,
    minLength: 0,
    maxLength: Number.POSITIVE_INFINITY,
    formats: def.format ? [def.format] : [],
    patterns: def.pattern && def.format !== 'uuid' ? [def.pattern] : [],
    trims: false,
  };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    switch (c.check) {
      case 'min_length':
        b.minLength = Math.max(b.minLength, c.minimum ?? 0);
        break;
      case 'max_length':
        b.maxLength = Math.min(b.maxLength, c.maximum ?? Number.POSITIVE_INFINITY);
        break;
      case 'length_equals':
        b.minLength = c.length ?? 0;
        b.maxLength = c.length ?? 0;
        break;
      case 'greater_than':
        b.min = Number(c.value);
        b.minExclusive = c.inclusive === false;
        break;
      case 'less_than':
        b.max = Number(c.value);
        b.maxExclusive = c.inclusive === false;
        break;
      case 'number_format':
        b.int = c.format !== 'float32' && c.format !== 'float64';
        break;
      case 'multiple_of':
        b.multipleOf = Number(c.value);
        break;
      case 'string_format':
        if (c.format) b.formats.push(c.format);
        if (c.format === 'regex' && c.pattern) b.patterns.push(c.pattern);
        break;
      case 'overwrite':
        // `.trim()` (the only overwrite the schemas use): valid strings carry no outer spaces.
        b.trims = true;
        break;
    }
  }
  return b;
}

const WORDS = ['Sala', 'Margherita', 'Dehors', 'Birra', 'Tavolo', 'Caffè', 'Già', 'Però', 'Lucia', 'Avella'];

/** Printable text: Italian words, plain ASCII, or any grapheme (accents, emoji, other scripts). */
function textArbitrary(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const cap = Math.min(maxLength, Math.max(minLength + 12, 24));
  const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
  return fc
    .oneof(
      { weight: 3, arbitrary: words },
      { weight: 2, arbitrary: fc.string({ minLength, maxLength: cap }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: cap }) },
    )
    .map((s) => fitLength(s, minLength, maxLength));
}

/** Pads or cuts to the bounds (by code unit, as zod counts). */
function fitLength(s: string, minLength: number, maxLength: number): string {
  let out = s;
  if (out.length < minLength) out = out + 'a'.repeat(minLength - out.length);
  if (out.length > maxLength) out = out.slice(0, maxLength);
  return out;
}

function stringArbitrary(def: Def, key: string | undefined, ctx: GenContext): fc.Arbitrary<string> {
  const b = boundsOf(def);
  const fit = (s: string) => {
    const trimmed = b.trims ? s.trim() : s;
    return fitLength(trimmed, b.minLength, b.maxLength);
  };
  const formats = new Set(b.formats);
  if (formats.has('uuid') || formats.has('guid')) return fc.uuid({ version: 4 });
  if (formats.has('email'))
    return fc.emailAddress().filter((e) => e.length <= b.maxLength && /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(e));
  if (formats.has('datetime'))
    return fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  if (formats.has('date'))
    return fc
      .date({
        min: new Date('2024-01-01T00:00:00Z'),
        max: new Date('2026-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
  const [pattern] = b.patterns;
  if (pattern) {
    // Anchored patterns only (all of the schemas'); an unanchored one still gets matching text.
    return fc.stringMatching(pattern).map((s) => (s.length > b.maxLength ? s.slice(0, b.maxLength) : s));
  }
  const text = textArbitrary(b.minLength, b.maxLength).map(fit);
  const ids = ctx.idsFor(key);
  if (ids.length > 0)
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: text });
  return text;
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const b = boundsOf(def);
  const min = b.minExclusive ? b.min + (b.int ? 1 : 1e-6) : b.min;
  const max = b.maxExclusive ? b.max - (b.int ? 1 : 1e-6) : b.max;
  if (b.int) {
    const lo = Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER));
    const hi = Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER));
    // Boundaries and round amounts (cents in steps of 50, small counts) pass refinements such as
    // the discount's step far more often than a uniform draw would.
    const nice = [lo, hi, lo + 1, 0, 1, 2, 3, 50, 100, 250, 500, 1000].filter((n) => n >= lo && n <= hi);
    let arb = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...nice) },
      { weight: 2, arbitrary: fc.integer({ min: lo, max: Math.min(hi, lo + 1000) }) },
      { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
    );
    if (b.multipleOf) {
      const step = b.multipleOf;
      arb = arb.map((n) => Math.min(hi, Math.max(lo, Math.round(n / step) * step)));
    }
    return arb;
  }
  return fc.oneof(
    fc.constantFrom(...[min, max, 0].filter((n) => n >= min && n <= max)),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
  );
}

/** Drops `undefined` members: an optional key left out, as a client would send it. */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

function objectArbitrary(def: Def, ctx: GenContext, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, member] of Object.entries(shape)) model[key] = arbitraryOf(member, ctx, key, depth + 1);
  return fc.record(model).map(compact);
}

/**
 * An arbitrary of values `schema` accepts, except where refinements say otherwise (see
 * `validArbitrary`). `key` is the field name the value sits under, for the world's ids.
 */
export function arbitraryOf(
  schema: z.ZodType,
  ctx: GenContext = noContext,
  key?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const special = ctx.special?.(key, schema);
  if (special) return special;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, key, ctx);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt({ min: -1000n, max: 1000n });
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'unknown':
    case 'any':
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return fc.option(arbitraryOf(def.innerType as z.ZodType, ctx, key, depth), { nil: undefined, freq: 2 });
    case 'default':
    case 'prefault':
      return fc.option(arbitraryOf(def.innerType as z.ZodType, ctx, key, depth), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType as z.ZodType, ctx, key, depth), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'success':
      return arbitraryOf(def.innerType as z.ZodType, ctx, key, depth);
    case 'lazy':
      return depth > 6
        ? fc.constant(null)
        : arbitraryOf((def.getter as () => z.ZodType)(), ctx, key, depth + 1);
    case 'pipe': {
      // Input side, unless it is a plain type the output narrows (z.string().pipe(Description)).
      const out = def.out as z.ZodType;
      const inner = defOf(out).type === 'transform' ? (def.in as z.ZodType) : out;
      return arbitraryOf(inner, ctx, key, depth);
    }
    case 'transform':
      return fc.constant(undefined);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, ctx, key, depth + 1)));
    case 'intersection':
      return fc.constant({});
    case 'object':
      return objectArbitrary(def, ctx, depth);
    case 'record':
      return fc
        .dictionary(
          arbitraryOf(def.keyType as z.ZodType, ctx, undefined, depth + 1) as fc.Arbitrary<string>,
          arbitraryOf(def.valueType as z.ZodType, ctx, key, depth + 1),
          { maxKeys: 3 },
        )
        .map((r) => ({ ...r }));
    case 'tuple': {
      const items = (def.items ?? []).map((i) => arbitraryOf(i, ctx, key, depth + 1));
      return fc.tuple(...items);
    }
    case 'array': {
      const b = boundsOf(def);
      const element = arbitraryOf(def.element as z.ZodType, ctx, key, depth + 1);
      // A few elements: limits far above that are the mutations' business.
      const maxLength = Math.min(b.maxLength, b.minLength + (depth > 2 ? 1 : 3));
      return fc.array(element, { minLength: b.minLength, maxLength });
    }
    default:
      throw new Error(`fuzz: no arbitrary for zod type '${def.type}'`);
  }
}

/** How many candidates `validArbitrary` draws before giving up on refinements. */
const CANDIDATES = 8;

/**
 * Values the schema accepts: draws candidates from `arbitraryOf` and keeps the first that passes
 * `safeParse` (refinements included); when none does, the first candidate (still a near-valid
 * body, which the tests treat like any other input).
 */
export function validArbitrary(schema: z.ZodType, ctx: GenContext = noContext): fc.Arbitrary<unknown> {
  const one = arbitraryOf(schema, ctx);
  return fc
    .array(one, { minLength: CANDIDATES, maxLength: CANDIDATES })
    .map((candidates) => candidates.find((c) => schema.safeParse(c).success) ?? candidates[0]);
}
