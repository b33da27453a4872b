import { availableParallelism } from 'node:os';
import { AppError, t } from '@comanda/shared-schema';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyReply } from 'fastify';
import { WorkGate, WorkGateFull } from './work-gate.ts';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
 * The encoded hash carries its parameters, so raising them later keeps old hashes verifiable.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes running at once: the core count, at most 3 (argon2 runs on libuv's pool of 4 threads,
 * which file and DNS work share). About 50 ms each, so 32 waiting is under a second's wait on
 * two cores; past that a spray gets "busy" at once and the owner's own login and the orders of
 * every venue keep their CPU (DESIGN "Abuse").
 */
export const PASSWORD_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 3));
export const PASSWORD_QUEUE = 32;
/** Seconds a client is told to wait when the queue is full. */
export const PASSWORD_BUSY_RETRY_S = 2;

/** The answer when the queue is full (503: the server is busy, the client did nothing wrong). */
export class PasswordsBusy extends AppError {
  constructor() {
    super('UNAVAILABLE', t.loginBusy);
  }
}

let gate: WorkGate | undefined;

/** One gate per process: the CPU and libuv's thread pool are the process's, whatever the app. */
export function passwordGate(): WorkGate {
  gate ??= new WorkGate(PASSWORD_CONCURRENCY, PASSWORD_QUEUE);
  return gate;
}

/** Runs password work for a request: when the queue is full, the 503 says when to come back. */
export async function forRequest<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PasswordsBusy) reply.header('retry-after', String(PASSWORD_BUSY_RETRY_S));
    throw err;
  }
}

async function gated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await passwordGate().run(work);
  } catch (err) {
    if (err instanceof WorkGateFull) throw new PasswordsBusy();
    throw err;
  }
}

export function hashPassword(password: string): Promise<string> {
  return gated(() => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the time of a verification, so a
 * login for an unknown email takes as long as one for a known email.
 */
export function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  return gated(async () => {
    if (!storedHash) {
      dummyHash ??= hash('comanda-timing-equaliser', OPTIONS);
      await verify(await dummyHash, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  });
}
