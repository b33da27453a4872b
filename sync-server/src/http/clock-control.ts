import { AppError } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { msg } from '../lib/messages.ts';

/** The one test hook's path: registered only with COMANDA_CLOCK_CONTROL (config.ts). */
export const CLOCK_ADVANCE_PATH = '/api/_test/clock/advance';

const Body = z
  .object({
    ms: z
      .number()
      .int()
      .min(1)
      .max(24 * 60 * 60_000),
  })
  .strict();

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Tests only: moves the server's clock (already a fake one, COMANDA_FAKE_NOW) on by `ms`, then
 * runs one pass of the card checkouts' sweep (payments/checkout-expiry.ts) and answers the new
 * instant, so an end-to-end journey sees an abandoned checkout expire without waiting for it.
 * Absent unless COMANDA_CLOCK_CONTROL is set, and answered only to the machine itself.
 */
export async function clockControlRoute(app: FastifyInstance): Promise<void> {
  if (!app.config.clockControl) return;
  app.log.warn(`test hook on: POST ${CLOCK_ADVANCE_PATH} moves the server clock`);
  app.post(CLOCK_ADVANCE_PATH, async (req) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) throw new AppError('FORBIDDEN', msg.forbidden);
    const body = Body.safeParse(req.body);
    if (!body.success) throw new AppError('VALIDATION', msg.validation);
    app.clock.advance(body.data.ms);
    const swept = await app.checkouts.runOnce();
    return { success: true, now: app.clock.now().toISOString(), swept };
  });
}
