import { describe, expect, it } from 'vitest';
import { accountExistsMail, confirmEmailMail, mailName } from './templates.ts';

const LINK = 'https://comanda.example.it/owner/confirmEmail/abc';

describe('names in mails are display text only (spec 7)', () => {
  it('cannot add lines, links, addresses or direction tricks', () => {
    const mail = confirmEmailMail(
      'lucia@example.it',
      'Lucia\r\n\r\nAccedi qui: http://evil.example\u2028Fine',
      'Bar\u0000\u202eSport\u0085 www.evil.example',
      LINK,
    );
    const lines = mail.text.split('\n');
    expect(mail.text).not.toContain('evil.example');
    // Within a line: no control, format (direction override) or line-separator character.
    expect(lines.filter((l) => /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(l))).toEqual([]);
    expect(lines.filter((l) => /https?:\/\//.test(l))).toEqual([LINK]);
    expect(lines[0]).toBe('Ciao,');
    expect(lines.some((l) => l.startsWith('Accedi qui'))).toBe(false);
  });

  it('keeps ordinary names, bounded in length', () => {
    expect(mailName("  Maria   Grazia  D'Amico ")).toBe("Maria Grazia D'Amico");
    expect(mailName('Trattoria Sant’Anna & Figli')).toBe('Trattoria Sant’Anna & Figli');
    expect(mailName('Pizzeria 2.0')).toBe('Pizzeria 2.0');
    expect(mailName('A'.repeat(200)).length).toBeLessThanOrEqual(60);
    for (const linkish of ['evil.com', 'https://x.it', 'WWW.EVIL.IT', 'mario@evil.it', 'x.y/z']) {
      expect(mailName(linkish), linkish).toBe('');
    }
    const exists = accountExistsMail('a@example.it', 'Mario\nClicca: evil.it', 'https://s', 'https://r');
    expect(exists.text.split('\n')[0]).toBe('Ciao,');
  });
});
