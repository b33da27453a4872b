import { tf } from '@comanda/shared-schema';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import type { ReportChartProps } from './report-chart.tsx';

/** chart.js is fetched with the first chart drawn, never by another screen. */
const ReportChart = lazy(() => import('./report-chart.tsx'));

export interface Column<R> {
  header: string;
  cell: (row: R) => string;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

/** A plain table of one section's figures: the chart's data, readable by everyone. */
export function ReportTable<R>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
}) {
  return (
    // Focusable and named: a table that scrolls must be reachable from the keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region, see above.
    <section className="report-table-wrap" aria-label={tf.reportTable(caption)} tabIndex={0}>
      <table className="report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={c.numeric ? 'num' : undefined}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * One figure of the report: its heading, a chart, and the table with the same figures. Charts of
 * many bars (every day of a year, every dish) grow with their bars so labels stay readable.
 */
export function ReportSection<R>({
  title,
  note,
  chart,
  table,
  wide = false,
}: {
  title: string;
  note?: ReactNode;
  chart: ReportChartProps;
  table: { columns: Column<R>[]; rows: R[]; rowKey: (row: R) => string };
  wide?: boolean;
}) {
  const headingId = useId();
  const bars = chart.labels.length;
  const height = chart.horizontal ? Math.max(160, 28 * bars + 40) : 240;
  return (
    <section
      className={wide ? 'report-section report-section-wide' : 'report-section'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="report-section-title">
        {title}
      </h2>
      {note ? <p className="report-note">{note}</p> : null}
      <div className="report-chart" style={{ height }}>
        <Suspense fallback={null}>
          <ReportChart {...chart} />
        </Suspense>
      </div>
      <ReportTable caption={title} {...table} />
    </section>
  );
}
