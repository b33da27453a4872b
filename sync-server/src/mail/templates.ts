import type { Mail } from './mailer.ts';

/** The product's mails, in Italian. Links stand alone on their line. */

export function confirmEmailMail(to: string, firstName: string, businessName: string, link: string): Mail {
  return {
    to,
    subject: 'Conferma il tuo indirizzo email - Comanda',
    text: [
      `Ciao ${firstName},`,
      '',
      `grazie per aver registrato "${businessName}" su Comanda.`,
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
