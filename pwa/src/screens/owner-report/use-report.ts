import type { ReportAnswer } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { call, errorText } from '../../data/api.ts';
import { NetworkError } from '../../data/errors.ts';
import type { DateRange } from './report-range.ts';

/**
 * The report of a range, asked of the server (reports are computed there, never offline). The
 * last report stays shown while the next one loads. No connection is its own state, not an
 * endless spinner: the screen says the report needs the network, and asks again by itself when
 * the browser is back online.
 */
export type ReportState =
  | { status: 'loading'; report: ReportAnswer | null }
  | { status: 'ready'; report: ReportAnswer }
  | { status: 'offline'; report: ReportAnswer | null }
  | { status: 'error'; report: ReportAnswer | null; message: string };

/** A report should not keep an owner waiting like an order would: give up sooner. */
const TIMEOUT_MS = 20_000;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** `range` null: the server's today. `attempt` changes to ask again (the retry button). */
export function useReport(range: DateRange | null, attempt: number): ReportState {
  const [state, setState] = useState<ReportState>({ status: 'loading', report: null });
  const [online, setOnline] = useState(isOnline);

  useEffect(() => {
    const update = () => setOnline(isOnline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const from = range?.from;
  const to = range?.to;
  // The range and attempt of the last answer: asking for the same again (the server's today,
  // then that same date by name) changes nothing and is not sent.
  const answered = useRef<{ from: string; to: string; attempt: number } | null>(null);
  useEffect(() => {
    if (!online) {
      setState((s) => ({ status: 'offline', report: s.report }));
      return;
    }
    const last = answered.current;
    if (last && last.from === from && last.to === to && last.attempt === attempt) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', report: s.report }));
    call('reportOwnerGet', from && to ? { from, to } : {}, {
      signal: controller.signal,
      timeoutMs: TIMEOUT_MS,
    })
      .then((report) => {
        answered.current = { from: report.from, to: report.to, attempt };
        setState({ status: 'ready', report });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) =>
          err instanceof NetworkError && err.kind === 'offline'
            ? { status: 'offline', report: s.report }
            : { status: 'error', report: s.report, message: errorText(err) },
        );
      });
    return () => controller.abort();
  }, [from, to, online, attempt]);

  return state;
}
