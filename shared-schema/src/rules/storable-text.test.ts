import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPath } from './storable-text.ts';

describe('text every store can hold', () => {
  it('takes any well-formed text, emoji and accents included', () => {
    for (const text of ['', 'Tavolo 4', 'caffè ☕', '😀 pizza', '\u{1F600}\u{1F355}', '\t\n\r', '\u0001']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and lone surrogates wherever they sit', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\ud800',
      '\udc00x',
      '\udc00\ud800',
      '😀'.slice(0, 1),
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the path of the first text no store can hold, keys included', () => {
    expect(unstorableTextPath({ lines: [{ note: 'ok' }, { note: 'a\u0000' }] })).toBe('lines.1.note');
    expect(unstorableTextPath({ 'bad\ud800': 1 })).toBe('bad\ud800');
    expect(unstorableTextPath('\udfff')).toBe('');
    expect(unstorableTextPath({ a: [1, true, null, { b: 'caffè' }] })).toBeNull();
    expect(unstorableTextPath(new Uint8Array([0]))).toBeNull();
    expect(unstorableTextPath(new Date(0))).toBeNull();
  });

  it('walks a body nested far deeper than the call stack', () => {
    let deep: unknown = 'fondo\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)?.split('.').length).toBe(100_000);
  });
});
