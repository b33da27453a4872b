import { describe, expect, it, vi } from 'vitest';

describe('vi.waitFor in this suite', () => {
  it('keeps polling past the 1 s default for a slow signal', async () => {
    const start = Date.now();
    await vi.waitFor(() => expect(Date.now() - start).toBeGreaterThan(1500));
  });
});
