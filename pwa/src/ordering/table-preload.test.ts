import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/errors.ts';
import { retriedAfterSignIn } from './table-preload.ts';

const unsigned = () => new ApiError(401, 'UNAUTHORIZED', 'no session');

describe("a table's early reads on a first visit (no session until the guard makes a guest)", () => {
  it('asks once more when refused for want of a session and the guard has just made one', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(unsigned())
      .mockResolvedValueOnce('menu');
    await expect(retriedAfterSignIn(load, async () => true)()).resolves.toBe('menu');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not ask again when no session was made, or for any other refusal', async () => {
    const noGuest = vi.fn<() => Promise<string>>().mockRejectedValue(unsigned());
    await expect(retriedAfterSignIn(noGuest, async () => false)()).rejects.toMatchObject({ status: 401 });
    expect(noGuest).toHaveBeenCalledTimes(1);

    const invalid = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new ApiError(404, 'TABLE_INVALID', 'Tavolo non valido'));
    const made = vi.fn(async () => true);
    await expect(retriedAfterSignIn(invalid, made)()).rejects.toMatchObject({ code: 'TABLE_INVALID' });
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(made).not.toHaveBeenCalled();

    const owner = vi.fn<() => Promise<string>>().mockRejectedValue(unsigned());
    await expect(retriedAfterSignIn(owner, undefined)()).rejects.toMatchObject({ status: 401 });
    expect(owner).toHaveBeenCalledTimes(1);
  });
});
