/** The check mark in a circle that opens a success message (decorative: the heading says it). */
export function SuccessMark({ className }: { className: string }) {
  return (
    <div className={className} aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 48 48"
        width="56"
        height="56"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
      >
        <circle cx="24" cy="24" r="21" />
        <polyline points="14 25 21 32 34 17" />
      </svg>
    </div>
  );
}
