import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseClientFrame } from './frames.ts';

const message = (text: string) =>
  JSON.stringify({ event: 'sendMessage', data: { ownerId: randomUUID(), tableId: randomUUID(), text } });

describe('a client frame', () => {
  it('is taken when its data matches its event', () => {
    expect(parseClientFrame(message('Un altro caffè, grazie ☕'), false)).toMatchObject({
      name: 'sendMessage',
    });
  });

  it('is refused with text no store can hold (a chat message is stored)', () => {
    for (const text of ['ciao\u0000', 'x\ud800', '\udc00']) {
      expect(parseClientFrame(message(text), false)).toEqual({
        refused: 'frame text has NUL or a lone surrogate',
      });
    }
  });

  it('is refused when binary, not JSON, or not {event, data}', () => {
    expect(parseClientFrame(message('ok'), true)).toEqual({ refused: 'binary frames are not accepted' });
    expect(parseClientFrame('{', false)).toEqual({ refused: 'frame is not JSON' });
    expect(parseClientFrame('[]', false)).toEqual({ refused: 'frame must be {event, data}' });
  });
});
