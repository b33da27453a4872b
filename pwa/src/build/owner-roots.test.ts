// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { OWNER_ROUTE_MODULES } from './owner-roots.ts';

it("names exactly the modules the router loads lazily for the owner's routes", () => {
  const routes = readFileSync(fileURLToPath(new URL('../app/routes.tsx', import.meta.url)), 'utf8');
  // The `owner` route: from its own id to the next top-level route's (`user`).
  const from = routes.indexOf("id: 'owner'");
  const to = routes.indexOf("id: 'user'", from);
  expect(from).toBeGreaterThan(-1);
  expect(to).toBeGreaterThan(from);
  const lazy = [...routes.slice(from, to).matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map(([, path]) =>
    new URL(path ?? '', 'file:///src/app/').pathname.replace('/src/', ''),
  );
  expect(new Set(lazy)).toEqual(new Set(OWNER_ROUTE_MODULES));
});
