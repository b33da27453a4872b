import { beforeEach, describe, expect, it } from 'vitest';
import { ownerLanding, PREC_URL, takePrecUrl, userLanding } from './session.ts';

beforeEach(() => {
  sessionStorage.clear();
});

describe('landing after login', () => {
  it('returns an owner to the saved address, else report or home', () => {
    expect(ownerLanding({ accountType: 'standard' }, '/owner/menu')).toBe('/owner/menu');
    expect(ownerLanding({ accountType: 'report' }, null)).toBe('/owner/report');
    expect(ownerLanding({}, null)).toBe('/owner/home');
    expect(userLanding(null)).toBe('/user/home');
  });

  it('takes precUrl only for the matching area, once', () => {
    sessionStorage.setItem(PREC_URL, '/owner/room');
    expect(takePrecUrl('user')).toBeNull();
    expect(takePrecUrl('owner')).toBe('/owner/room');
    expect(takePrecUrl('owner')).toBeNull();
  });
});
