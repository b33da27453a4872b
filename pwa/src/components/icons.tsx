/**
 * Line icons drawn inline (24 px grid, currentColor), so they need no emoji font, which kiosk
 * tablets and Debian's Chromium often lack. Always decorative: the control carries the name.
 */
const base = {
  viewBox: '0 0 24 24',
  width: 22,
  height: 22,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export function BellIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export function ScooterIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <circle cx="6" cy="17" r="3" />
      <circle cx="18" cy="17" r="3" />
      <path d="M9 17h6l-2-9h3" />
      <path d="M16 8h3" />
      <path d="M3 11h6" />
    </svg>
  );
}

export function PrinterIcon() {
  return (
    <svg {...base} width={16} height={16} aria-hidden="true">
      <path d="M6 9V2h12v7" />
      <path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <path d="M6 14h12v8H6z" />
    </svg>
  );
}

/**
 * Comanda's mark (public/favicon.svg, the same drawing) for the bars' brand link. Inline rather
 * than an `<img>` of the SVG file: a browser draws an SVG image in a document of its own, which
 * a 4x-slowed phone spent about 20 ms of its first visit on, before the menu (traced).
 */
export function BrandMark() {
  return (
    <svg
      viewBox="0 0 64 64"
      width={32}
      height={32}
      aria-hidden="true"
      focusable={false}
      className="brand-mark"
    >
      <rect width="64" height="64" rx="14" fill="#a83f24" />
      <path d="M43.3 22.9A17.6 17.6 0 1 0 43.3 41.1" fill="none" stroke="#fbf4e8" strokeWidth="7.7" />
      <circle cx="32" cy="32" r="4.8" fill="#fbf4e8" />
    </svg>
  );
}
