import { describe, expect, it } from 'vitest';
import { MutationId, syncCalls } from './sync.ts';

/** Header numbers are read strictly: one spelling per number, so one number per mutation. */
describe('MutationId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('%j is %d', (text, value) => {
    expect(MutationId.parse(text)).toBe(value);
  });

  it.each([
    '0x1',
    ' 1',
    '1 ',
    '1e3',
    '01',
    '1.0',
    '+1',
    '-1',
    '0',
    '',
    '0b1',
    '1_0',
    '９',
    '9007199254740992',
  ])('%j is refused', (text) => {
    expect(MutationId.safeParse(text).success).toBe(false);
  });

  it('refuses anything but a string (a header is text)', () => {
    expect(MutationId.safeParse(1).success).toBe(false);
    expect(MutationId.safeParse(undefined).success).toBe(false);
  });
});

describe('changes query', () => {
  const query = syncCalls.changes.body;
  it('takes a number or its canonical decimal text', () => {
    expect(query.parse({ since: '0', limit: '500' })).toEqual({ since: 0, limit: 500 });
    expect(query.parse({ since: 12 })).toEqual({ since: 12 });
  });
  it.each([
    { since: '0x10' },
    { since: '1e1' },
    { since: '01' },
    { since: '-1' },
    { since: '1', limit: '501' },
  ])('%j is refused', (q) => {
    expect(query.safeParse(q).success).toBe(false);
  });
});
