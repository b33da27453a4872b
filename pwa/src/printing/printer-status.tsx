import { t, tf } from '@comanda/shared-schema';
import { useNavigate } from 'react-router';
import { Button } from '../components/button.tsx';
import { PrinterIcon } from '../components/icons.tsx';
import type { PrintServiceState } from './print-service.ts';
import { printViewHref, usePrintRuntime, usePrintState } from './use-printing.ts';
import './printing.css';

/** The bridge's printers that report a problem, as the owner should read them. */
function problems(state: PrintServiceState): string[] {
  return (state.printer.bridge?.printers ?? [])
    .filter((p) => p.online === false)
    .map((p) => tf.printerLine(p.name, p.lastError ?? t.genericError));
}

/**
 * Spec 2.11, 8: 'Stampa automatica non disponibile' while the print connection is not open,
 * with 'stampa con il browser', which opens the browser-print view of what waits. Usable on
 * any owner screen (it starts the session's print connection). `text` says why, when there is
 * more to say (the bridge does not know this tablet).
 */
export function PrintUnavailableNotice({
  state,
  text = t.autoPrintUnavailable,
}: {
  state: PrintServiceState;
  text?: string;
}) {
  const navigate = useNavigate();
  return (
    <div className="print-notice" role="status">
      <PrinterIcon />
      <span>{text}</span>
      {state.waiting > 0 ? <span className="print-muted">{tf.printJobsWaiting(state.waiting)}</span> : null}
      <Button variant="secondary" onPress={() => void navigate(printViewHref('waiting'))}>
        {t.printWithBrowser}
      </Button>
    </div>
  );
}

/**
 * The printer's state, small, for the dashboard's toolbar: ready (with the bridge's queue),
 * a printer in trouble (the bridge's own words: 'carta esaurita'), connecting, or the notice.
 */
export function PrinterStatus() {
  usePrintRuntime();
  const state = usePrintState();
  if (!state || state.printer.address === undefined) return null;
  const { printer } = state;
  if (printer.address === null || printer.socketError) return <PrintUnavailableNotice state={state} />;
  // The bridge prints only for paired tablets (DESIGN.md "Abuse"): the code goes in Profilo.
  if (printer.unpaired) return <PrintUnavailableNotice state={state} text={t.printerNotPaired} />;
  let tone = 'print-chip';
  let text: string;
  const trouble = problems(state);
  if (printer.status !== 'open') {
    text = t.printerConnecting;
  } else if (trouble.length > 0) {
    tone += ' print-chip-trouble';
    text = trouble.join(' · ');
  } else {
    const queued = printer.bridge?.queuedJobs ?? 0;
    text = queued > 0 ? `${t.printerReady} · ${tf.printerQueued(queued)}` : t.printerReady;
  }
  return (
    <p className={tone} role="status">
      <PrinterIcon />
      <span className="visually-hidden">{t.printerStatus}: </span>
      {text}
    </p>
  );
}
