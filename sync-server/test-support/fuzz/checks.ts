import { ErrorEnvelope, t } from '@comanda/shared-schema';

/**
 * What every refused answer must be: the one error envelope with an Italian text a person may
 * read, without internals; and the checks that a run left the prototypes alone.
 */

/** English giveaways (zod's or Node's defaults leaking) and internals that must not reach people. */
const NOT_ITALIAN =
  /\b(the|is|are|must|should|expected|received|invalid|required|failed|cannot|unexpected|please|not found|too (big|small|long|short)|body)\b/i;
const INTERNALS =
  /(\bat \S+:\d+|SQLITE|Error:|TypeError|RangeError|\/work\/|node_modules|undefined is not|Cannot read)/;

/** The catalogue's texts: the spec quotes a few in English ('Note cannot exceed 150 characters.'). */
const CATALOGUE = new Set<string>(
  Object.values(t as Record<string, unknown>).filter((v) => typeof v === 'string') as string[],
);

/** Why an error text is not a proper Italian message for people, or null. */
export function italianProblem(text: string): string | null {
  if (text.trim().length === 0) return 'empty error text';
  if (INTERNALS.test(text)) return `internals in the error text: ${text.slice(0, 120)}`;
  // The field path before ': ' is code, not prose (e.g. 'cart.0.price: Prezzo non valido').
  const prose = text.replace(/^[\w.[\]-]+: /, '');
  if (CATALOGUE.has(prose)) return null;
  if (NOT_ITALIAN.test(prose)) return `not Italian: ${text.slice(0, 120)}`;
  return null;
}

/** Why a refused answer's body is not the one envelope, or null. */
export function envelopeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `refusal is not JSON: ${body.slice(0, 120)}`;
  }
  const envelope = ErrorEnvelope.strict().safeParse(parsed);
  if (!envelope.success) return `not the error envelope: ${body.slice(0, 160)}`;
  return italianProblem(envelope.data.error);
}

const PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
  Number: Number.prototype,
} as const;

/** Own property names of the built-in prototypes, to compare before and after a run. */
export function prototypeSnapshot(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(PROTOTYPES).map(([name, proto]) => [name, Object.getOwnPropertyNames(proto).sort()]),
  );
}

/** What a run added to the prototypes (empty when nothing was polluted). */
export function pollution(before: Record<string, string[]>): string[] {
  const after = prototypeSnapshot();
  const found: string[] = [];
  for (const [name, keys] of Object.entries(after)) {
    const known = new Set(before[name]);
    for (const k of keys) if (!known.has(k)) found.push(`${name}.prototype.${k}`);
  }
  const probe = {} as Record<string, unknown>;
  if (probe.polluted !== undefined) found.push('({}).polluted');
  return found;
}
