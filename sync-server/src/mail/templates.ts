import type { Mail } from './mail.ts';

/** The product's mails, in Italian. Links stand alone on their line. */

/** Longest name a mail shows (the form allows 80 for a person, 100 for a venue). */
const MAIL_NAME_MAX = 40;
/** What a mail client could turn into a link or an address: a scheme, a path, a domain, an @. */
const LINKISH = /[:/\\@<>]|www\.|[\p{L}\p{N}]\.\p{L}{2,}/iu;

/**
 * A name as a mail may show it. Names are typed by whoever signs up, maybe not the mailbox's
 * owner (spec 7, DESIGN "Abuse"): control, format (direction overrides, zero-width) and
 * line-separator characters become spaces, so a name cannot start a line of its own; a name
 * that looks like a link or an address is left out; the rest is cut at 40 characters.
 */
export function mailName(value: string): string {
  const plain = value
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (LINKISH.test(plain)) return '';
  const chars = Array.from(plain);
  return chars.length > MAIL_NAME_MAX
    ? `${chars
        .slice(0, MAIL_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : plain;
}

const greeting = (firstName: string) => {
  const name = mailName(firstName);
  return name ? `Ciao ${name},` : 'Ciao,';
};

/** The confirmation link of a signup; an owner's names the venue being registered. */
export function confirmEmailMail(
  to: string,
  firstName: string,
  venueName: string | null,
  link: string,
): Mail {
  const venue = venueName === null ? null : mailName(venueName);
  return {
    to,
    subject: 'Conferma il tuo indirizzo email - Comanda',
    text: [
      greeting(firstName),
      '',
      venue === null
        ? 'grazie per esserti registrato su Comanda.'
        : venue
          ? `grazie per aver registrato "${venue}" su Comanda.`
          : 'grazie per aver registrato il tuo locale su Comanda.',
      'Per attivare il tuo account conferma il tuo indirizzo email aprendo questo link:',
      '',
      link,
      '',
      'Se non hai richiesto tu la registrazione, ignora questa email.',
      '',
      'Il team di Comanda',
    ].join('\n'),
  };
}

/**
 * A signup with an address that already has an account: the page answers as for a new one (no
 * account enumeration), and the mailbox's owner learns what happened and how to get back in.
 */
export function accountExistsMail(
  to: string,
  firstName: string,
  signinLink: string,
  restoreLink: string,
): Mail {
  return {
    to,
    subject: 'Hai già un account - Comanda',
    text: [
      greeting(firstName),
      '',
      'qualcuno ha provato a registrarsi su Comanda con questo indirizzo email, che ha già un account.',
      `Se eri tu, accedi da qui: ${signinLink}`,
      `Password dimenticata? Scegline una nuova da qui: ${restoreLink}`,
      '',
      "Se non eri tu, ignora questa email: il tuo account resta com'è.",
      '',
      'Il team di Comanda',
    ].join('\n'),
  };
}

export function restorePasswordMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: 'Reimposta la tua password - Comanda',
    text: [
      greeting(firstName),
      '',
      'abbiamo ricevuto una richiesta di reimpostare la password del tuo account Comanda.',
      "Per scegliere una nuova password apri questo link entro un'ora:",
      '',
      link,
      '',
      'Il link si può usare una sola volta. Se non hai chiesto tu di reimpostare la password,',
      'ignora questa email: la tua password resta invariata.',
      '',
      'Il team di Comanda',
    ].join('\n'),
  };
}
