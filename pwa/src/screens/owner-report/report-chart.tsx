import { formatEuro, tf } from '@comanda/shared-schema';
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

/**
 * The report's one chart, a bar chart (chart.js 4 through react-chartjs-2 5). Loaded lazily by the
 * report screen, so no other screen pays for chart.js; only the pieces a bar chart needs are
 * registered (`Bar` registers its controller itself). The canvas is an image named after its
 * section: the figures themselves are in the table under it, for screen readers and for reading.
 */
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip);

const PRIMARY = '#a83f24';
const GRID = '#e2d3c1';
const TEXT = '#6b5747';

export interface ReportChartProps {
  title: string;
  labels: string[];
  /** Cents when `money`, counts otherwise. */
  values: number[];
  money?: boolean;
  /** Bars along the x axis (long names: dishes, categories). */
  horizontal?: boolean;
}

export default function ReportChart({
  title,
  labels,
  values,
  money = false,
  horizontal = false,
}: ReportChartProps) {
  const format = (value: number) => (money ? formatEuro(Math.round(value)) : String(value));
  const valueAxis = {
    beginAtZero: true,
    grid: { color: GRID },
    ticks: {
      color: TEXT,
      // Whole euros on the axis ('1.200,00 €'); counts never show fractions.
      precision: 0,
      callback: (value: string | number) => format(Number(value)),
    },
  };
  const labelAxis = { grid: { display: false }, ticks: { color: TEXT, autoSkip: true } };
  return (
    <Bar
      role="img"
      aria-label={tf.reportChart(title)}
      data={{
        labels,
        datasets: [
          { label: title, data: values, backgroundColor: PRIMARY, borderRadius: 4, maxBarThickness: 40 },
        ],
      }}
      options={{
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        // A report is read, not watched: no animation to wait for (and still screenshots).
        animation: false,
        plugins: {
          tooltip: { callbacks: { label: (item) => format(Number(item.raw)) } },
        },
        scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
      }}
    />
  );
}
