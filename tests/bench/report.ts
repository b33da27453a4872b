/** One figure a line, as JSON: what `npm run bench` prints. */
export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  /** The goal, when the issue sets one; `ok` says whether the figure meets it. */
  budget?: number;
  ok?: boolean;
}

export function report(figure: Figure): void {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;
