import { describe, expect, it } from 'vitest';
import { customerTableUrl, ownerOrderPath } from './table-links.ts';

describe('table links', () => {
  it('builds the customer and owner links of a table, ids encoded', () => {
    expect(customerTableUrl('https://x.it', 'o 1', 't/2')).toBe('https://x.it/user/reservation/o%201/t%2F2');
    expect(ownerOrderPath('o1', 't2')).toBe('/owner/reservation/o1/t2');
  });
});
