import { describe, expect, it } from 'vitest';
import { tf } from '../texts.ts';
import { lineNote, removedOptionsNote } from './notes.ts';

describe('removedOptionsNote', () => {
  it("joins 'NO {option}' with a comma and a space", () => {
    expect(removedOptionsNote(['cipolla', 'aglio'])).toBe('NO cipolla, NO aglio');
    expect(removedOptionsNote(['cipolla'])).toBe('NO cipolla');
  });

  it('is empty when nothing is removed', () => {
    expect(removedOptionsNote([])).toBe('');
  });

  it('trims labels, skips blank ones and repeats', () => {
    expect(removedOptionsNote([' cipolla ', '', '  ', 'aglio', 'cipolla'])).toBe('NO cipolla, NO aglio');
  });

  it('keeps the order given and the label as written', () => {
    expect(removedOptionsNote(['Pomodoro', 'basilico', 'olio EVO'])).toBe(
      'NO Pomodoro, NO basilico, NO olio EVO',
    );
  });

  it('is the catalogue template too', () => {
    expect(tf.removedOptionsNote(['rucola', 'grana'])).toBe('NO rucola, NO grana');
  });
});

describe('lineNote', () => {
  it('keeps a note trimmed', () => {
    expect(lineNote('  senza sale ')).toBe('senza sale');
  });

  it('makes a blank or missing note no note (null)', () => {
    expect(lineNote('')).toBeNull();
    expect(lineNote('   ')).toBeNull();
    expect(lineNote(null)).toBeNull();
    expect(lineNote(undefined)).toBeNull();
  });
});
