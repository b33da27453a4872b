import { calls } from '@comanda/shared-schema';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('GET /api/time', () => {
  it("answers the app's clock, without a session, so devices can measure their offset", async () => {
    t = await createTestApp({ env: { COMANDA_FAKE_NOW: '2025-07-15T19:00:00+02:00' } });
    const res = await t.app.inject({ method: 'GET', url: calls.serverTime.path });
    expect(res.statusCode, res.body).toBe(200);
    const now = Date.parse(res.json().now);
    expect(now - Date.parse('2025-07-15T19:00:00+02:00')).toBeGreaterThanOrEqual(0);
    expect(now - Date.parse('2025-07-15T19:00:00+02:00')).toBeLessThan(60_000);
  });
});
