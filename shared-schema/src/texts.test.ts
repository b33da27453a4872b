import { describe, expect, it } from 'vitest';
import { t, tf } from './texts.ts';

/** Every quoted interface string of the spec (sections 2, 4, 5, 8, 9) and its named labels. */
const SPEC_TEXTS = [
  'Pagina non trovata',
  'Chiudi',
  'Gestisci sale',
  'Nome nuova sala',
  'Gestisci tavoli',
  'Abilita ordini',
  'tutto',
  'Visualizza',
  'Ordina',
  'Elimina',
  'Fuori menu',
  'cucina',
  'bar',
  'fritti',
  'Connessione persa, tentativo di riconnessione...',
  'Connessione ristabilita.',
  'Annulla',
  'Conferma',
  'Nuova consegna / Ritiro',
  'Visualizza e invia',
  'Il locale è chiuso in questo momento',
  'Aggiungi al carrello',
  'no, grazie!',
  'Il carrello è vuoto.',
  'Rimuovi',
  'Aggiungi nota',
  'Completa ordine',
  'Riepilogo ordine',
  'Orario',
  'Indietro',
  'Invia ordine',
  'Vai al pagamento',
  'Paga e invia ordine',
  'Stiamo elaborando il tuo pagamento...',
  'Si prega di non chiudere questa pagina',
  'Ordine effettuato con successo!',
  'Abbiamo ricevuto il tuo ordine!',
  "Ops! L'orario scelto è già occupato.",
  'scegli un altro orario',
  'Ops! Il gestore ha appena disabilitato la consegna',
  'torna indietro',
  'Stampa automatica non disponibile',
  'stampa con il browser',
  'Quantità',
  'Nome',
  'Variante',
  'Note',
  'Prezzo',
  'Azioni',
  'Subtotale',
  'Costo consegna',
  'Costi di servizio',
  'TOTALE',
  'Sconto',
  'NUOVO TOTALE',
  'Modifica',
  'Termina',
  'Completato',
  'In preparazione',
  'Campo obbligatorio',
  'Ritiro',
  'Consegna',
  'Indirizzo e N°',
  'Comune',
  'Prima possibile',
  'Imposta orario',
  'Descrivi la richiesta',
  'La descrizione non può superare i 150 caratteri.',
  'Il prezzo non può essere vuoto',
  'Selezionare la tipologia',
  'Selezionare almeno una categoria',
  '(scelta obbligatoria)',
  'Note cannot exceed 150 characters.',
  'Nome vuoto o troppo lungo',
  'Errore notifica suono',
  'Si è verificato un errore',
  'Impossibile eliminare una sala contenente tavoli',
];

describe('catalogue', () => {
  it('holds every spec text exactly', () => {
    const values = new Set<string>(Object.values(t));
    const missing = SPEC_TEXTS.filter((text) => !values.has(text));
    expect(missing).toEqual([]);
  });

  it('has no empty or padded text', () => {
    for (const [key, value] of Object.entries(t)) {
      expect(value.length, key).toBeGreaterThan(0);
      expect(value, key).toBe(value.trim());
    }
  });
});

describe('templates', () => {
  it("'Ordina {total}€': no space before the euro sign", () => {
    expect(tf.orderButton(1250)).toBe('Ordina 12,50€');
    expect(tf.orderButton(0)).toBe('Ordina 0,00€');
    expect(tf.orderButton(123_400)).toBe('Ordina 1.234,00€');
  });

  it("'Concludi ordine ( total € )': spaces inside the parentheses and before the euro sign", () => {
    expect(tf.concludeOrder(1250)).toBe('Concludi ordine ( 12,50 € )');
    expect(tf.concludeOrder(5)).toBe('Concludi ordine ( 0,05 € )');
  });

  it("'Il Tavolo {n} richiede il cameriere'", () => {
    expect(tf.tableCallsWaiter(4)).toBe('Il Tavolo 4 richiede il cameriere');
    expect(tf.tableCallsWaiter('12')).toBe('Il Tavolo 12 richiede il cameriere');
  });

  it('table, note counter, duration, hours, asap range', () => {
    expect(tf.table(7)).toBe('Tavolo 7');
    expect(tf.noteCounter(12)).toBe('12/150');
    expect(tf.minutes(20)).toBe('20 min');
    expect(tf.openingHours('19:00', '02:00')).toBe('Orario di apertura: 19:00 - 02:00');
    expect(tf.asapRange('20:00', '20:15')).toBe('Prima possibile (20:00 - 20:15)');
  });

  it('how long a table has been open, its dishes, its actions', () => {
    expect([0, 12, 60, 125].map(tf.openFor)).toEqual([
      'da meno di 1 min',
      'da 12 min',
      'da 1 h 00 min',
      'da 2 h 05 min',
    ]);
    expect([1, 3].map(tf.dishesCount)).toEqual(['1 piatto', '3 piatti']);
    expect(tf.tableAction(t.tableMenuView, 3)).toBe('Visualizza Tavolo 3');
  });
});
