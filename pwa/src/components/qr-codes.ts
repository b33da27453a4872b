import { customerTableUrl } from './table-links.ts';

type QrLib = typeof import('qrcode');

/** The QR library is loaded on first use, so it stays out of the app shell and the screens. */
async function loadQr(): Promise<QrLib> {
  const mod = await import('qrcode');
  // A CommonJS package: bundlers hand it over as the default export, Node as named exports.
  const withDefault = mod as QrLib & { default?: QrLib };
  return withDefault.default ?? mod;
}

/** One SVG data URL per table, each encoding the table's customer link. */
export async function makeQrCodes(
  tables: readonly { id: string }[],
  ownerId: string,
  origin: string,
): Promise<Map<string, string>> {
  const qr = await loadQr();
  const entries = await Promise.all(
    tables.map(async (table) => {
      const svg = await qr.toString(customerTableUrl(origin, ownerId, table.id), {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      return [table.id, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
    }),
  );
  return new Map(entries);
}
