import type { CallDef } from '@comanda/shared-schema';
import { ErrorEnvelope } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOwner,
  createTestApp,
  type Owner,
  rowCounts,
  type TestApp,
} from '../../test-support/test-app.ts';

/**
 * Every registered route, fed bad input: malformed JSON, wrong types, missing fields, over-long
 * strings, an oversized body. Each answer must be a 4xx with the one envelope, never a 500, and
 * nothing may be written.
 */
type BadCase = { name: string; payload?: string; query?: string; contentType?: string };

const longString = 'x'.repeat(20_000);

function keysOf(def: CallDef): string[] {
  const shape = (def.body as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  // Unions (login): every option's keys.
  const options = (def.body as { options?: Array<{ shape?: Record<string, unknown> }> }).options ?? [];
  return [...new Set(options.flatMap((o) => Object.keys(o.shape ?? {})))];
}

function postCases(def: CallDef): BadCase[] {
  const keys = keysOf(def);
  const all = (value: unknown) =>
    JSON.stringify(Object.fromEntries((keys.length ? keys : ['extra']).map((k) => [k, value])));
  const cases: BadCase[] = [
    { name: 'malformed JSON', payload: '{"email": "a@b.it",' },
    { name: 'truncated JSON', payload: '{' },
    { name: 'JSON array', payload: '[]' },
    { name: 'JSON string', payload: '"ciao"' },
    { name: 'JSON null', payload: 'null' },
    { name: 'wrong types (numbers)', payload: all(12345) },
    { name: 'wrong types (objects)', payload: all({ $gt: '' }) },
    { name: 'over-long strings', payload: all(longString) },
    { name: 'body over the limit', payload: JSON.stringify({ blob: 'y'.repeat(300 * 1024) }) },
    { name: 'prototype poisoning', payload: '{"__proto__": {"admin": true}}' },
    // Text no store can hold (http/storable-text.ts), as JSON escapes and as raw characters.
    { name: 'NUL in text', payload: all('a\u0000b') },
    { name: 'lone surrogate in text', payload: all('x\ud800') },
    { name: 'NUL in a key', payload: '{"\\u0000": 1}' },
    { name: 'not JSON content type', payload: 'email=a', contentType: 'application/x-www-form-urlencoded' },
  ];
  if (!def.body.safeParse({}).success) cases.push({ name: 'missing fields', payload: '{}' });
  return cases;
}

function getCases(def: CallDef): BadCase[] {
  const keys = keysOf(def);
  if (keys.length === 0) return [];
  // Refused whatever the schema would say of the value (http/storable-text.ts).
  const unstorable = { name: 'NUL in the query', query: keys.map((k) => `${k}=a%00b`).join('&') };
  return [
    unstorable,
    { name: 'missing fields', query: '' },
    { name: 'wrong types', query: keys.map((k) => `${k}=abc`).join('&') },
    { name: 'negative numbers', query: keys.map((k) => `${k}=-5`).join('&') },
    { name: 'over-long values', query: keys.map((k) => `${k}=${'9'.repeat(400)}`).join('&') },
  ].filter(
    (c) => c === unstorable || !def.body.safeParse(Object.fromEntries(new URLSearchParams(c.query))).success,
  );
}

let client = 0;

/** Each request from its own address, so rate limits do not hide what validation answers. */
async function send(app: FastifyInstance, def: CallDef, c: BadCase, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  client++;
  const remoteAddress = `10.0.${client >> 8}.${client & 255}`;
  if (def.method === 'GET') {
    return app.inject({ method: 'GET', url: `${def.path}?${c.query ?? ''}`, headers, remoteAddress });
  }
  headers['content-type'] = c.contentType ?? 'application/json';
  return app.inject({ method: 'POST', url: def.path, payload: c.payload ?? '', headers, remoteAddress });
}

describe('bad bodies on every registered route', () => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers the account and sync calls', () => {
    const paths = t.app.registeredCalls.map((c) => c.path);
    expect(paths).toContain('/api/user/login');
    expect(paths).toContain('/api/owner/signup');
    expect(paths).toContain('/api/sync/changes');
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 4xx with the envelope and writes nothing, signed out and as an owner', async () => {
    const before = await rowCounts(t.app);
    let checked = 0;
    for (const def of t.app.registeredCalls) {
      const cases = def.method === 'GET' ? getCases(def) : postCases(def);
      for (const c of cases) {
        for (const cookie of [undefined, owner.cookie]) {
          const res = await send(t.app, def, c, cookie);
          const where = `${def.method} ${def.path} (${c.name}, ${cookie ? 'owner' : 'no session'}): ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where).toBeLessThan(500);
          expect(res.statusCode, where).not.toBe(429);
          expect(ErrorEnvelope.safeParse(res.json()).success, where).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('names the problem: BAD_JSON, VALIDATION with issues, PAYLOAD_TOO_LARGE', async () => {
    const login = t.app.registeredCalls.find((c) => c.path === '/api/user/signup') as CallDef;
    const bad = await send(t.app, login, { name: '', payload: '{"email":' });
    expect(bad.json()).toEqual({
      success: false,
      code: 'BAD_JSON',
      error: 'Il corpo della richiesta non è un JSON valido',
    });
    const missing = await send(t.app, login, { name: '', payload: '{"email":"a@b.it"}' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION');
    expect(missing.json().issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'password', 'acceptConditions']),
    );
    expect(missing.json().error).toBe('firstName: Campo obbligatorio');
    const big = await send(t.app, login, {
      name: '',
      payload: JSON.stringify({ x: 'y'.repeat(300 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses text no store can hold, naming where it is', async () => {
    const signup = t.app.registeredCalls.find((c) => c.path === '/api/user/signup') as CallDef;
    const before = await rowCounts(t.app);
    const nul = await send(t.app, signup, {
      name: '',
      payload: JSON.stringify({
        firstName: 'Anna\u0000',
        lastName: 'Rossi',
        email: 'a@b.it',
        password: 'x'.repeat(12),
      }),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      error: 'firstName: Il testo contiene caratteri non ammessi',
      issues: [{ path: 'firstName', message: 'Il testo contiene caratteri non ammessi' }],
    });
    const surrogate = await send(t.app, signup, { name: '', payload: '{"lastName": "\\udc00"}' });
    expect(surrogate.json().error).toBe('lastName: Il testo contiene caratteri non ammessi');
    expect(await rowCounts(t.app)).toEqual(before);
  });
});
