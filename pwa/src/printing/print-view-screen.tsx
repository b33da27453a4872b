import { type PrintData, t } from '@comanda/shared-schema';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Loading } from '../components/loading.tsx';
import { Page } from '../components/page.tsx';
import { errorText } from '../data/api.ts';
import { ApiError } from '../data/errors.ts';
import { useSyncClient } from '../data/hooks.ts';
import type { PrintJob } from './job-store.ts';
import { printingFor } from './printing.ts';
import { Receipt80 } from './receipt-80mm.tsx';
import './print-view.css';

type Printed = { job: PrintJob; data: PrintData };
type ViewState =
  | { kind: 'loading' }
  | { kind: 'ready'; receipts: Printed[] }
  | { kind: 'error'; text: string };

/**
 * 80 mm paper, no margins (the printer's own), as long as the longest receipt. `size: 80mm auto`
 * is not valid CSS (a page size is one or two lengths; browsers drop the rule), so the height
 * is measured from the receipts on screen. The rule exists only while this view does: a
 * stylesheet rule would stay in the page after leaving it and size every later print (the QR
 * sheet is A4), so it is adopted on mount and dropped on unmount.
 */
export function receiptPageRule(heightMm: number): string {
  return `@media print { @page { size: 80mm ${heightMm}mm; margin: 0 } }`;
}

/** The tallest receipt in millimetres, with room to spare; a sheet's height before that. */
function paperHeightMm(container: HTMLElement | null): number {
  const tallest = Math.max(
    0,
    ...[...(container?.querySelectorAll<HTMLElement>('.pv-receipt') ?? [])].map((el) => el.offsetHeight),
  );
  return tallest > 0 ? Math.ceil(((tallest * 25.4) / 96) * 1.1) + 10 : 297;
}

function useReceiptPage(heightMm: number | null): void {
  useEffect(() => {
    if (heightMm === null) return;
    let sheet: CSSStyleSheet;
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(receiptPageRule(heightMm));
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } catch {
      // No constructable stylesheets (old browsers): the receipt prints at its 72 mm width.
      return;
    }
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [heightMm]);
}

/** Each job's payload; a job whose entry is gone (404) is dropped, a network failure is thrown. */
async function loadReceipts(jobs: readonly PrintJob[], service: ReturnType<typeof printingFor>) {
  const receipts: Printed[] = [];
  for (const job of jobs) {
    try {
      const data = await service.payload(job);
      if (data.reservations.length > 0) receipts.push({ job, data });
    } catch (err) {
      if (!(err instanceof ApiError && err.status >= 400 && err.status < 500)) throw err;
    }
  }
  return receipts;
}

/**
 * `/owner/print` (spec 2.11, 2.12): the browser-print view, opened by 'stampa con il
 * browser'. `?job=<jobId>` (repeatable) prints those jobs, `?waiting=1` every job the bridge
 * does not hold. It shows the receipts, calls `window.print()` once they are on the page, and
 * counts them as printed: they leave the bridge's queue and their lines show 'Completato'.
 */
export default function PrintViewScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sync = useSyncClient();
  // Chosen once: a job arriving while this view is open waits for the next print.
  const [jobs] = useState<PrintJob[]>(() => {
    const service = printingFor(sync);
    const ids = params.getAll('job');
    if (ids.length === 0) return service.waiting();
    return ids.map((id) => service.job(id)).filter((job): job is PrintJob => job !== undefined);
  });
  const [state, setState] = useState<ViewState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const printedOnce = useRef(false);
  const preview = useRef<HTMLDivElement>(null);
  const [paperMm, setPaperMm] = useState<number | null>(null);
  useReceiptPage(paperMm);

  useEffect(() => {
    let live = true;
    void attempt;
    setState({ kind: 'loading' });
    loadReceipts(jobs, printingFor(sync)).then(
      (receipts) => live && setState({ kind: 'ready', receipts }),
      (err: unknown) => live && setState({ kind: 'error', text: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [jobs, sync, attempt]);

  // The paper's length once the receipts are drawn; then, and only then, the print.
  useLayoutEffect(() => {
    if (state.kind === 'ready' && state.receipts.length > 0) setPaperMm(paperHeightMm(preview.current));
  }, [state]);

  useEffect(() => {
    if (state.kind !== 'ready' || state.receipts.length === 0 || paperMm === null || printedOnce.current)
      return;
    printedOnce.current = true;
    globalThis.print?.();
    void printingFor(sync).printedByBrowser(state.receipts);
  }, [state, sync, paperMm]);

  const close = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/owner/dashboard');
  };

  let body: React.ReactNode;
  if (state.kind === 'loading') body = <Loading />;
  else if (state.kind === 'error') {
    body = (
      <>
        <Alert tone="danger">{state.text}</Alert>
        <Button variant="primary" onPress={() => setAttempt((n) => n + 1)}>
          {t.retry}
        </Button>
      </>
    );
  } else if (state.receipts.length === 0) body = <p>{t.printNothingWaiting}</p>;
  else {
    const receipts = state.receipts.map(({ job, data }) => <Receipt80 key={job.jobId} data={data} />);
    body = (
      <>
        <div className="pv-receipts" ref={preview}>
          {receipts}
        </div>
        {createPortal(
          <div className="pv-print-root" aria-hidden="true">
            {state.receipts.map(({ job, data }) => (
              <Receipt80 key={job.jobId} data={data} />
            ))}
          </div>,
          document.body,
        )}
      </>
    );
  }

  return (
    <Page title={t.printViewTitle}>
      <div className="pv-page">
        <div className="btn-row pv-actions">
          {state.kind === 'ready' && state.receipts.length > 0 ? (
            <Button variant="primary" onPress={() => globalThis.print?.()}>
              {t.print}
            </Button>
          ) : null}
          <Button variant="secondary" onPress={close}>
            {t.close}
          </Button>
        </div>
        {body}
      </div>
    </Page>
  );
}
