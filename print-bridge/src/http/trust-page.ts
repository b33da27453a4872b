import { type BridgeStatus, escapeHtml } from '@comanda/shared-schema';
import type { PairingCode } from '../pairing/codes.ts';
import type { PairedDevice } from '../pairing/devices.ts';

/**
 * The page a tablet opens once at `https://<bridge>:3001/`: reaching it means the browser now
 * accepts the bridge's certificate, so the dashboard's secure websocket can connect. Italian,
 * plain HTML, no script. Also tells how to install the certificate authority for good. Opened
 * on the box itself it also shows the pairing code and the paired devices; printers' error
 * texts (addresses, paths) show only there too.
 */
export interface PagePairing {
  code: PairingCode;
  devices: PairedDevice[];
}

export const CA_PATH = '/comanda-print-bridge-ca.crt';

/** '20:41' in the box's own time: the page is read on the box. */
const clock = (iso: string) => new Date(iso).toTimeString().slice(0, 5);
const day = (iso: string) => iso.slice(0, 10);

function printerRow(p: BridgeStatus['printers'][number], details: boolean): string {
  const state = p.online === null ? 'in verifica' : p.online ? 'collegata' : 'non disponibile';
  const error = details && p.online === false && p.lastError ? ` &middot; ${escapeHtml(p.lastError)}` : '';
  return `<li><strong>${escapeHtml(p.name)}</strong> (${escapeHtml(p.area)}): ${state}, in coda ${p.queued}${error}</li>`;
}

function pairingSection(pairing: PagePairing): string {
  const devices = pairing.devices.map(
    (d) =>
      `<li>${escapeHtml(d.label)} &middot; abbinato il ${escapeHtml(day(d.pairedAt))} &middot; <code>${escapeHtml(d.id)}</code></li>`,
  );
  return `<h2>Abbinare un tablet</h2>
<p>Codice di abbinamento: <strong class="code">${escapeHtml(pairing.code.code)}</strong>
(valido fino alle ${escapeHtml(clock(pairing.code.expiresAt))}, per un solo dispositivo).</p>
<p>Sul tablet: Comanda &rsaquo; Profilo &rsaquo; Stampante &rsaquo; Codice di abbinamento. Ricarica questa pagina per il
codice del tablet successivo. Questo riquadro si vede solo aprendo la pagina da questo computer.</p>
<h2>Dispositivi abbinati</h2>
${devices.length > 0 ? `<ul>${devices.join('')}</ul>` : '<p>Nessuno.</p>'}
<p>Per togliere un dispositivo: <code>npm run print-bridge -- revoke &lt;codice&gt;</code></p>`;
}

export function trustPage(
  status: BridgeStatus,
  tls: { caFingerprint: string; names: string[] },
  pairing: PagePairing | null,
): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Comanda - Bridge di stampa</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1b1b1b; }
.ok { background: #e6f4ea; border: 1px solid #1e7e34; padding: 1rem; border-radius: .5rem; }
code { word-break: break-all; }
.code { font-size: 2rem; letter-spacing: .2em; }
</style>
</head>
<body>
<h1>Bridge di stampa Comanda</h1>
<p class="ok"><strong>Certificato accettato.</strong> Questo dispositivo ora si collega al bridge di stampa
in modo sicuro: torna alla dashboard di Comanda, la stampa automatica si attiva da sola.</p>
<h2>Stampanti</h2>
<ul>${status.printers.map((p) => printerRow(p, pairing !== null)).join('')}</ul>
<p>Stampe in attesa: ${status.queuedJobs}</p>
${pairing ? pairingSection(pairing) : ''}
<h2>Per non vedere più l'avviso</h2>
<p>Il browser ricorda l'eccezione solo per un po'. Per fidarsi del bridge per sempre, scarica il
<a href="${CA_PATH}">certificato del bridge</a> e installalo come certificato attendibile
(Android: Impostazioni &rsaquo; Sicurezza &rsaquo; Crittografia e credenziali &rsaquo; Installa un certificato &rsaquo;
Certificato CA; iPad: apri il file, poi Impostazioni &rsaquo; Generali &rsaquo; Info &rsaquo; Impostazioni attendibilità certificati).</p>
<p>Impronta SHA-256 da confrontare: <code>${escapeHtml(tls.caFingerprint)}</code></p>
<p>Indirizzi coperti dal certificato: ${tls.names.map(escapeHtml).join(', ')}</p>
</body>
</html>
`;
}
