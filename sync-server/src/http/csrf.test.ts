import { createHash } from 'node:crypto';
import type { CallDef } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTestApp, type Owner, post, type TestApp } from '../../test-support/test-app.ts';

/** Every row of every table, hashed: "nothing changed" means this is equal before and after. */
function fingerprint(app: FastifyInstance): string {
  const { sqlite } = app.store;
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string }>;
  const hash = createHash('sha256');
  for (const { name } of tables) {
    hash.update(name);
    // Sorted as text: some tables are WITHOUT ROWID.
    const rows = sqlite
      .prepare(`SELECT * FROM "${name}"`)
      .raw()
      .all()
      .map((row) => JSON.stringify(row));
    for (const row of rows.sort()) hash.update(row);
  }
  return hash.digest('hex');
}

const PUBLIC_URL = 'https://comanda.example.it';

/** What another page's request looks like: by its Origin, or by the browser's Sec-Fetch-Site. */
const foreign: Array<[string, Record<string, string>]> = [
  ['another origin', { origin: 'https://evil.example' }],
  ['a sibling subdomain', { origin: 'https://menu.example.it' }],
  ['the same host over http', { origin: 'http://comanda.example.it' }],
  ['an opaque origin (sandboxed frame, file)', { origin: 'null' }],
  ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ['own Origin but a same-site fetch', { origin: PUBLIC_URL, 'sec-fetch-site': 'same-site' }],
];

describe('CSRF: every state-changing call needs our own origin', () => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
    owner = await createOwner(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every POST route from another page with 403 and changes nothing', async () => {
    const posts = t.app.registeredCalls.filter((c: CallDef) => c.method === 'POST');
    // The sync push, the webhook and the account calls are POSTs too: all are walked.
    expect(posts.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/sync/push', '/api/user/login', '/api/stripe/webhook']),
    );
    expect(posts.length).toBeGreaterThan(40);
    const before = fingerprint(t.app);
    let cases = 0;
    for (const def of posts) {
      for (const [what, headers] of foreign) {
        const res = await post(t.app, def.path, {}, owner.cookie, {
          ...headers,
          'x-client-id': '7f8a1c1e-7d7b-4f0e-9a43-2b1f0c7e9d11',
          'x-mutation-id': '1',
        });
        expect(res.statusCode, `${def.path} from ${what}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
        cases++;
      }
    }
    expect(fingerprint(t.app)).toBe(before);
    expect(cases).toBe(posts.length * foreign.length);
  });

  it('the live socket refuses another page too', async () => {
    for (const [what, headers] of foreign) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/live?ownerId=${owner.venueId}`,
        headers: { ...headers, cookie: owner.cookie },
      });
      expect(res.statusCode, what).toBe(403);
    }
  });

  it('lets our own pages, typed-in navigations and non-browser callers through', async () => {
    const own: Array<Record<string, string>> = [
      { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of own) {
      const res = await post(t.app, '/api/user/login', { isAnonymus: true }, undefined, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // GETs are never refused for their origin (they change nothing).
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });
});
