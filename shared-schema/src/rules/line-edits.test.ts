import { describe, expect, it } from 'vitest';
import { reservationLine } from '../testing.ts';
import { lineAfterEdit, lineStatusSettable, linesPrinted } from './line-edits.ts';

const live = { amount: 2, price: 800, note: 'senza sale', status: 'ready' } as const;
const deleted = { ...live, status: 'owner_deleted' } as const;

describe('lineAfterEdit', () => {
  it('changes only the fields sent', () => {
    expect(lineAfterEdit(live, { amount: 5 })).toEqual({ ...live, amount: 5 });
    expect(lineAfterEdit(live, { price: 950 })).toEqual({ ...live, price: 950 });
    expect(lineAfterEdit(live, {})).toEqual(live);
  });

  it('trims a note, and clears it with null or a blank one', () => {
    expect(lineAfterEdit(live, { note: ' ben cotta ' }).note).toBe('ben cotta');
    expect(lineAfterEdit(live, { note: null }).note).toBeNull();
    expect(lineAfterEdit(live, { note: '  ' }).note).toBeNull();
  });

  it('keeps a line without a note without one when the edit leaves the note alone', () => {
    const { note: _, ...noNote } = live;
    expect(lineAfterEdit(noNote, { amount: 3 }).note).toBeUndefined();
  });

  it('deletes a line whatever its status', () => {
    expect(lineAfterEdit(live, { status: 'owner_deleted' }).status).toBe('owner_deleted');
    expect(lineAfterEdit(deleted, { status: 'owner_deleted' }).status).toBe('owner_deleted');
  });

  it('restores a deleted line to preparation, whatever status is sent', () => {
    expect(lineAfterEdit(deleted, { status: 'ready' }).status).toBe('preparation');
    expect(lineAfterEdit(deleted, { status: 'preparation' }).status).toBe('preparation');
  });

  it("never changes a live line's kitchen status", () => {
    expect(lineAfterEdit(live, { status: 'preparation' }).status).toBe('ready');
    expect(lineAfterEdit(live, { status: 'completed' }).status).toBe('ready');
  });

  it('leaves a deleted line deleted when the edit sends no status', () => {
    expect(lineAfterEdit(deleted, { amount: 4 })).toEqual({ ...deleted, amount: 4 });
  });
});

describe('lineStatusSettable', () => {
  it("allows any step of a live line's cycle, and a delete", () => {
    expect(lineStatusSettable('preparation', 'ready')).toBe(true);
    expect(lineStatusSettable('ready', 'completed')).toBe(true);
    expect(lineStatusSettable('completed', 'preparation')).toBe(true);
    expect(lineStatusSettable('ready', 'owner_deleted')).toBe(true);
  });

  it('lets a deleted line only stay deleted or come back in preparation', () => {
    expect(lineStatusSettable('owner_deleted', 'owner_deleted')).toBe(true);
    expect(lineStatusSettable('owner_deleted', 'preparation')).toBe(true);
    expect(lineStatusSettable('owner_deleted', 'ready')).toBe(false);
    expect(lineStatusSettable('owner_deleted', 'completed')).toBe(false);
  });
});

const line = reservationLine;

describe('linesPrinted', () => {
  const lines = [
    line('a'),
    line('b', { selected_option: 'bar' }),
    line('c', { printed: 1 }),
    line('d', { accettato: 0 }),
    line('e', { status: 'owner_deleted' }),
    line('f', { status: 'completed' }),
  ];

  it('marks the accepted, unprinted, live lines of the area, in their order', () => {
    expect(linesPrinted(lines, 'cucina').map((l) => l.id)).toEqual(['a', 'f']);
    expect(linesPrinted(lines, 'bar').map((l) => l.id)).toEqual(['b']);
    expect(linesPrinted(lines, 'tutto').map((l) => l.id)).toEqual(['a', 'b', 'f']);
  });

  it('marks only the lines the ticket carried, when it names them', () => {
    expect(linesPrinted(lines, 'tutto', ['b', 'c', 'zz']).map((l) => l.id)).toEqual(['b']);
    expect(linesPrinted(lines, 'tutto', [])).toEqual([]);
  });
});
