import { AppError } from '@comanda/shared-schema';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isTransientStorageError, toAppError } from '../lib/errors.ts';
import { msg } from '../lib/messages.ts';
import { installClosingGuard, installErrorHandler } from './errors.ts';

const withCode = (code: string) => Object.assign(new Error('sqlite says no'), { code });

describe('storage failures are transient: 503 UNAVAILABLE, never 500', () => {
  it.each([
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_LOCKED',
    'SQLITE_LOCKED_SHAREDCACHE',
    'SQLITE_FULL',
    'SQLITE_IOERR',
    'SQLITE_IOERR_WRITE',
    'SQLITE_IOERR_FSYNC',
    'SQLITE_IOERR_SHMSIZE',
    'ENOSPC',
    'EDQUOT',
  ])('%s', (code) => {
    expect(isTransientStorageError(withCode(code))).toBe(true);
    const err = toAppError(withCode(code));
    expect(err.status).toBe(503);
    expect(err.toEnvelope()).toEqual({ success: false, code: 'UNAVAILABLE', error: msg.unavailable });
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_CORRUPT', 'EACCES'])(
    '%s stays a 500',
    (code) => {
      expect(isTransientStorageError(withCode(code))).toBe(false);
      expect(toAppError(withCode(code)).status).toBe(500);
    },
  );

  it('an AppError is kept as it is', () => {
    const refusal = new AppError('CONFLICT', 'no');
    expect(toAppError(refusal)).toBe(refusal);
  });
});

describe('closing', () => {
  it('answers new requests with the envelope while in-flight ones finish', async () => {
    const app = Fastify({ logger: false, return503OnClosing: false });
    installErrorHandler(app);
    installClosingGuard(app);
    // Every step waits for a signal, never for time: the slow request has reached its handler,
    // the close has reached preClose, and preClose ends only once the refusal was read.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowArrived: () => void = () => {};
    const inSlow = new Promise<void>((resolve) => {
      slowArrived = resolve;
    });
    app.get('/slow', async () => {
      slowArrived();
      await gate;
      return { success: true };
    });
    app.get('/quick', async () => ({ success: true }));
    // Stands for the websocket plugin's preClose: the server still listens while it runs.
    let preCloseWaiting: () => void = () => {};
    const inPreClose = new Promise<void>((resolve) => {
      preCloseWaiting = resolve;
    });
    let endPreClose: () => void = () => {};
    const preCloseMayEnd = new Promise<void>((resolve) => {
      endPreClose = resolve;
    });
    app.addHook('preClose', (done) => {
      preCloseWaiting();
      void preCloseMayEnd.then(() => done());
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const slow = fetch(`${base}/slow`);
    await inSlow;
    const closed = app.close();
    await inPreClose;
    const refused = await fetch(`${base}/quick`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({ success: false, code: 'UNAVAILABLE', error: msg.unavailable });
    endPreClose();
    release();
    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ success: true });
    await closed;
  });
});
