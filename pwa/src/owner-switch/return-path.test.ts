import { afterEach, describe, expect, it } from 'vitest';
import {
  clearReturnPath,
  DEFAULT_RETURN_PATH,
  isOwnerPath,
  RETURN_PATH_KEY,
  returnPath,
  saveReturnPath,
} from './return-path.ts';

afterEach(() => sessionStorage.clear());

describe("the way back's address (spec 1 switch)", () => {
  it('is an owner screen of this origin, nothing else', () => {
    for (const path of [
      '/owner/tables',
      '/owner/room?sala=2',
      '/owner/reservation/o%201/t2',
      '/owner/home#x',
    ]) {
      expect(isOwnerPath(path), path).toBe(true);
    }
    for (const path of [
      '/user/reservation/o/t',
      '//evil.example/owner/',
      'https://evil.example/owner/tables',
      '/owner',
      '/owner/../user/home',
      '/owner/./tables',
      '/owner\\..\\user',
      'javascript:alert(1)',
      '',
    ]) {
      expect(isOwnerPath(path), path).toBe(false);
    }
  });

  it('keeps the screen left in session storage and gives it back until cleared', () => {
    expect(returnPath()).toBe(DEFAULT_RETURN_PATH);
    saveReturnPath('/owner/tables?ordine=busy');
    expect(returnPath()).toBe('/owner/tables?ordine=busy');
    expect(returnPath()).toBe('/owner/tables?ordine=busy');
    clearReturnPath();
    expect(returnPath()).toBe(DEFAULT_RETURN_PATH);
  });

  it('ignores what is not an owner screen, on the way in and on the way out', () => {
    saveReturnPath('/user/home');
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
    // Written by something else into the storage: never followed.
    sessionStorage.setItem(RETURN_PATH_KEY, 'https://evil.example/owner/x');
    expect(returnPath()).toBe(DEFAULT_RETURN_PATH);
  });
});
