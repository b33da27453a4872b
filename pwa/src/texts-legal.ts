import type { LegalSection } from './components/legal-document.tsx';

/**
 * The privacy notice and the terms of service (Italian). Kept apart from `texts-extra.ts`
 * because only the two legal screens load them; they belong with the catalogue all the same.
 */
export const privacySections: readonly LegalSection[] = [
  {
    title: '1. Chi tratta i dati',
    paragraphs: [
      'Comanda è un servizio che permette ai locali (ristoranti, pizzerie, bar e simili) di ricevere ordini al tavolo, per il ritiro e per la consegna. Per i dati degli ordini, il titolare del trattamento è il locale presso cui ordini; Comanda tratta quei dati per conto del locale, come responsabile del trattamento ai sensi dell’art. 28 del Regolamento (UE) 2016/679 (GDPR).',
      'Per i dati dell’account (registrazione, accesso, recupero della password) il titolare è il gestore del servizio Comanda che ospita l’installazione che stai usando.',
    ],
  },
  {
    title: '2. Quali dati trattiamo',
    paragraphs: [
      'Dati dell’account: nome, cognome, indirizzo email e password, conservata solo in forma cifrata (hash) e mai leggibile da nessuno. Per i gestori anche il nome del locale e i dati di profilo inseriti (orari, costo di consegna).',
      'Dati degli ordini: piatti ordinati, varianti, note, tavolo, e per consegne e ritiri nome, cognome, telefono, indirizzo, comune, orario richiesto e note di consegna.',
      'Messaggi della chat tra tavolo e locale, quando il locale la attiva.',
      'Dati tecnici: un cookie di sessione necessario per restare collegati, un cookie che riconosce il dispositivo da cui hai già effettuato l’accesso (così i blocchi contro i tentativi di indovinare la password non fermano te), il cookie che ricorda la chiusura dell’avviso sui cookie e i registri tecnici del server (indirizzo IP, data e ora delle richieste) usati per la sicurezza e per limitare i tentativi di accesso.',
    ],
  },
  {
    title: '3. Perché li trattiamo e su quale base',
    paragraphs: [
      'Per permetterti di ordinare e al locale di preparare, consegnare e incassare l’ordine: esecuzione del contratto (art. 6.1.b GDPR).',
      'Per gestire l’account, la sicurezza del servizio e prevenire abusi: esecuzione del contratto e legittimo interesse (art. 6.1.f GDPR).',
      'Per adempiere agli obblighi di legge, ad esempio fiscali e contabili del locale (art. 6.1.c GDPR).',
      'Non usiamo i tuoi dati per profilazione né per pubblicità, e non li vendiamo a nessuno.',
    ],
  },
  {
    title: '4. Pagamenti con carta',
    paragraphs: [
      'Se scegli di pagare con carta, i dati della carta sono inseriti direttamente nel modulo del fornitore dei pagamenti e non passano né restano sui server di Comanda né del locale. Il fornitore tratta quei dati come titolare autonomo secondo la propria informativa.',
    ],
  },
  {
    title: '5. Cookie e archiviazione sul dispositivo',
    paragraphs: [
      'Comanda usa solo cookie tecnici: il cookie di sessione, che serve a mantenere l’accesso; dopo un accesso con password, un cookie di dispositivo riconosciuto (comanda_dev_…), che per un anno permette a quel dispositivo di accedere anche mentre l’account è bloccato per troppi tentativi falliti da altrove; e il cookie cookieConsent, che ricorda per un anno che hai chiuso l’avviso. Non usa cookie di profilazione né di terze parti.',
      'L’app installabile conserva sul dispositivo una copia dei file dell’applicazione e, per i gestori, i dati del locale e le modifiche non ancora inviate, così da funzionare anche quando la connessione cade. Questi dati restano nel browser del dispositivo e si cancellano eliminando i dati del sito.',
    ],
  },
  {
    title: '6. Per quanto tempo',
    paragraphs: [
      'I dati dell’account sono conservati finché l’account resta attivo. Gli ordini e lo storico sono conservati dal locale per il tempo richiesto dagli obblighi fiscali e contabili. I registri tecnici sono conservati per un periodo breve, al massimo dodici mesi, salvo necessità di accertare un abuso.',
    ],
  },
  {
    title: '7. A chi li comunichiamo',
    paragraphs: [
      'I dati di un ordine sono visibili solo al locale che lo riceve e al suo personale. Possono essere trattati dai fornitori tecnici che ospitano il servizio o inviano le email, vincolati da accordi di riservatezza, e dal fornitore dei pagamenti per i pagamenti con carta. Non trasferiamo dati fuori dallo Spazio economico europeo senza le garanzie previste dal GDPR.',
    ],
  },
  {
    title: '8. I tuoi diritti',
    paragraphs: [
      'Puoi chiedere in ogni momento l’accesso ai tuoi dati, la loro rettifica o cancellazione, la limitazione del trattamento, la portabilità e opporti al trattamento basato sul legittimo interesse, scrivendo al locale per i dati degli ordini o al gestore del servizio per i dati dell’account.',
      'Hai anche il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).',
    ],
  },
  {
    title: '9. Modifiche',
    paragraphs: [
      'Possiamo aggiornare questa informativa quando il servizio cambia. La versione in vigore è sempre quella pubblicata in questa pagina.',
    ],
  },
];

export const termsSections: readonly LegalSection[] = [
  {
    title: '1. Il servizio',
    paragraphs: [
      'Comanda è un’applicazione web che permette ai clienti di ordinare da un locale (al tavolo, per il ritiro o per la consegna) e ai gestori di ricevere e gestire gli ordini, le sale, i tavoli, il menu e la chat con i tavoli. Usando Comanda accetti questi termini.',
    ],
  },
  {
    title: '2. Account',
    paragraphs: [
      'Per alcune funzioni serve un account. Sei responsabile della riservatezza della tua password e di quanto avviene con il tuo account; se sospetti un accesso non autorizzato cambia subito la password. I clienti possono anche entrare come ospiti, senza registrarsi.',
      'Chi registra un locale dichiara di avere il diritto di rappresentarlo e si impegna a inserire dati veri e aggiornati, in particolare menu, prezzi, orari e costi di consegna.',
    ],
  },
  {
    title: '3. Ordini',
    paragraphs: [
      'Il contratto per i piatti e le bevande ordinati si conclude tra il cliente e il locale, non con Comanda. Il locale è responsabile della preparazione, della qualità, delle informazioni sugli allergeni, della consegna e dello scontrino o della fattura.',
      'Gli ordini per la consegna o il ritiro possono essere accettati o rifiutati dal locale. Un orario scelto può non essere più disponibile al momento dell’invio: in quel caso ti sarà chiesto di sceglierne un altro. Il locale può sospendere gli ordini o la consegna in qualsiasi momento.',
    ],
  },
  {
    title: '4. Prezzi e pagamenti',
    paragraphs: [
      'I prezzi sono quelli indicati dal locale nel menu, in euro e comprensivi di IVA. Il costo di consegna, se previsto, è mostrato prima dell’invio. Per i pagamenti con carta può essere applicato un costo di servizio, sempre mostrato prima di pagare.',
      'Se un ordine pagato con carta viene rifiutato dal locale, l’importo è rimborsato sullo stesso metodo di pagamento, con i tempi del circuito della carta.',
    ],
  },
  {
    title: '5. Uso corretto',
    paragraphs: [
      'Non è consentito usare Comanda per inviare ordini falsi, messaggi offensivi o illeciti, tentare di accedere ad account o locali altrui o disturbare il funzionamento del servizio. In questi casi l’accesso può essere sospeso.',
    ],
  },
  {
    title: '6. Disponibilità e responsabilità',
    paragraphs: [
      'Comanda è progettata per continuare a funzionare anche con una connessione instabile e per non perdere gli ordini inviati, ma non può garantire un servizio ininterrotto: interruzioni della rete, del dispositivo o dei fornitori esterni possono ritardare ordini, stampe e notifiche. Nei limiti consentiti dalla legge, Comanda non risponde dei danni indiretti derivanti da tali interruzioni.',
      'Restano salvi i diritti che il Codice del consumo (D.Lgs. 206/2005) riconosce ai consumatori.',
    ],
  },
  {
    title: '7. Modifiche ai termini',
    paragraphs: [
      'Questi termini possono essere aggiornati. Le modifiche importanti saranno segnalate nell’app; continuando a usarla dopo l’aggiornamento accetti la nuova versione.',
    ],
  },
  {
    title: '8. Legge applicabile',
    paragraphs: [
      'Questi termini sono regolati dalla legge italiana. Per le controversie con i consumatori è competente il foro del luogo di residenza o domicilio del consumatore.',
    ],
  },
];
