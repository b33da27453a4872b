import { reportDateLabel, t, tf } from '@comanda/shared-schema';
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Loading } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { serverNow } from '../../data/server-clock.ts';
import { wire } from '../../data/wire.ts';
import { RangePicker } from './range-picker.tsx';
import { ReportFigures } from './report-figures.tsx';
import { DownloadIcon } from './report-icons.tsx';
import { type DateRange, PRESETS, type PresetId, presetOf, presetRange, romeToday } from './report-range.ts';
import { useReport } from './use-report.ts';

/** What the owner picked: a quick range (counted from the venue's today) or two dates. */
type Selection = { preset: PresetId } | { range: DateRange };

/** The CSV of the same range, downloaded by the browser with the session cookie. */
function csvHref(range: DateRange): string {
  return `${wire.routes.reportOwnerCsv.path}?${new URLSearchParams({ from: range.from, to: range.to })}`;
}

/**
 * `/owner/report`: the period (presets or the date range picker), the CSV download, the
 * summary and every breakdown with its chart and table. Figures come from the server; the first
 * request asks for the server's today, whose date (`today`) then anchors the presets.
 */
export function ReportScreen() {
  const [selection, setSelection] = useState<Selection>({ preset: 'today' });
  const [attempt, setAttempt] = useState(0);
  const [lastToday, setLastToday] = useState<string | null>(null);
  // The venue's service date from the last answer; before any, 'Oggi' is asked as no range at all.
  const today = lastToday;
  const asked: DateRange | null =
    'range' in selection
      ? selection.range
      : today || selection.preset !== 'today'
        ? presetRange(selection.preset, today ?? romeToday(serverNow()))
        : null;
  const state = useReport(asked, attempt);
  const report = state.report;
  // Derived state: the answer's today anchors the presets from now on (React re-renders at once).
  if (report && report.today !== lastToday) setLastToday(report.today);

  const shown: DateRange | null = asked ?? (report ? { from: report.from, to: report.to } : null);
  const anchor = today ?? romeToday(serverNow());
  const pressed = 'preset' in selection ? selection.preset : shown ? presetOf(shown, anchor) : null;
  const current = report && shown && report.from === shown.from && report.to === shown.to;
  const canDownload = state.status === 'ready' && shown !== null;

  return (
    <Page title={t.reportTitle}>
      <div className="report">
        <div className="report-toolbar">
          <fieldset className="report-presets">
            <legend className="visually-hidden">{t.reportPresets}</legend>
            {PRESETS.map((p) => (
              <Button
                key={p.id}
                variant={pressed === p.id ? 'primary' : 'secondary'}
                aria-pressed={pressed === p.id}
                onPress={() => {
                  setSelection({ preset: p.id });
                  // Pressing a preset again refreshes it (tables completed meanwhile).
                  setAttempt((n) => n + 1);
                }}
              >
                {p.label}
              </Button>
            ))}
          </fieldset>
          <RangePicker
            value={shown ?? { from: anchor, to: anchor }}
            today={anchor}
            onChange={(range) => setSelection({ range })}
          />
          {canDownload ? (
            <a className="btn btn-secondary report-csv" href={csvHref(shown)} download>
              <DownloadIcon />
              {t.reportDownloadCsv}
            </a>
          ) : (
            <Button variant="secondary" className="report-csv" isDisabled>
              <DownloadIcon />
              {t.reportDownloadCsv}
            </Button>
          )}
        </div>

        {shown ? (
          <p className="report-period" aria-live="polite">
            {tf.reportRange(reportDateLabel(shown.from), reportDateLabel(shown.to))}
          </p>
        ) : null}

        {state.status === 'offline' ? <Alert tone="warning">{t.reportNeedsConnection}</Alert> : null}
        {state.status === 'error' ? (
          <Alert tone="danger">
            <span>{state.message}</span>{' '}
            <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
              {t.retry}
            </Button>
          </Alert>
        ) : null}
        {state.status === 'loading' && !current ? <Loading /> : null}
        {report && current ? (
          <div aria-busy={state.status === 'loading'}>
            <ReportFigures report={report} />
          </div>
        ) : null}
      </div>
    </Page>
  );
}
