import type { Mail } from './mailer.ts';

/** The product's mails, in Italian. Links stand alone on their line. */

/** The confirmation link of a signup; an owner's names the venue being registered. */
export function confirmEmailMail(
  to: string,
  firstName: string,
  businessName: string | null,
  link: string,
): Mail {
  return {
    to,
    subject: 'Conferma il tuo indirizzo email - Comanda',
    text: [
      `Ciao ${firstName},`,
      '',
      businessName
        ? `grazie per aver registrato "${businessName}" su Comanda.`
        : 'grazie per esserti registrato su Comanda.',
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
      firstName ? `Ciao ${firstName},` : 'Ciao,',
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
      firstName ? `Ciao ${firstName},` : 'Ciao,',
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
