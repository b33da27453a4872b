import { t, tf } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Loading } from '../../components/loading.tsx';
import { x, xf } from '../../texts-extra.ts';
import { byNumber, customerTableUrl, type TableView } from './room-logic.ts';

type QrLib = typeof import('qrcode');

/** The QR library is loaded on first use, so it stays out of the app shell and this screen. */
async function loadQr(): Promise<QrLib> {
  const mod = await import('qrcode');
  // A CommonJS package: bundlers hand it over as the default export, Node as named exports.
  const withDefault = mod as QrLib & { default?: QrLib };
  return withDefault.default ?? mod;
}

/** One SVG data URL per table, each encoding the table's customer link. */
export async function makeQrCodes(
  tables: readonly Pick<TableView, 'id'>[],
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

/**
 * A printable sheet with one QR code per table of the room, each opening
 * `/user/reservation/{ownerId}/{tableId}`, with 'Tavolo {n}' under it. Printing shows only the
 * sheet (see the print rules in owner-room.css).
 */
export function QrSheet({
  isOpen,
  onClose,
  roomName,
  tables,
  ownerId,
}: {
  isOpen: boolean;
  onClose: () => void;
  roomName: string;
  tables: readonly TableView[];
  ownerId: string;
}) {
  const [codes, setCodes] = useState<Map<string, string> | null>(null);
  const [failed, setFailed] = useState(false);
  const ordered = byNumber(tables);
  const latest = useRef(ordered);
  latest.current = ordered;
  // The codes depend only on which tables there are, not on where they stand.
  const ids = ordered.map((table) => table.id).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` stands for the table list.
  useEffect(() => {
    if (!isOpen) return undefined;
    let current = true;
    setFailed(false);
    makeQrCodes(latest.current, ownerId, globalThis.location.origin)
      .then((made) => {
        if (current) setCodes(made);
      })
      .catch((err: unknown) => {
        console.error('qr codes', err);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [isOpen, ids, ownerId]);

  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="room-modal-overlay qr-overlay"
    >
      <Modal className="room-modal qr-sheet">
        <Dialog className="room-dialog">
          <Heading slot="title">{xf.qrSheetTitle(roomName)}</Heading>
          <p className="qr-sheet-hint">{x.qrSheetHint}</p>
          {failed ? <Alert tone="danger">{t.genericError}</Alert> : null}
          {!failed && !codes ? <Loading /> : null}
          {codes && ordered.length === 0 ? <p>{x.noTablesInRoom}</p> : null}
          {codes ? (
            <ul className="qr-grid">
              {ordered.map((table) => {
                const src = codes.get(table.id);
                return (
                  <li key={table.id}>
                    <figure>
                      {src ? <img src={src} alt={xf.qrAlt(table.number)} width="160" height="160" /> : null}
                      <figcaption>{tf.table(table.number)}</figcaption>
                    </figure>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <div className="btn-row room-dialog-actions qr-sheet-actions">
            <Button variant="primary" isDisabled={!codes} onPress={() => globalThis.print()}>
              {t.print}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              {t.close}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
