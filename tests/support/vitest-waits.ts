// Setup file of the vitest projects: `vi.waitFor` polls a condition until a deadline, and its 1 s
// default is a timing assumption in disguise. On a busy 2-core CI machine a socket frame or an
// outbox write may take longer than that to land, and the test failed though nothing was wrong.
// Waits keep polling for the signal; only a real hang runs into this longer default.
import { vi } from 'vitest';

const DEFAULT_TIMEOUT_MS = 10_000;
const waitFor = vi.waitFor.bind(vi);

type WaitForOptions = Parameters<typeof vi.waitFor>[1];

vi.waitFor = (<T>(callback: () => T | Promise<T>, options?: WaitForOptions) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: DEFAULT_TIMEOUT_MS, ...options },
  )) as typeof vi.waitFor;
