import { t, tf } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { x, xf } from '../texts-extra.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Loading } from './loading.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { makeQrCodes } from './qr-codes.ts';
import { customerTableUrl } from './table-links.ts';
import './qr-sheet.css';

/** A table the sheet prints: its number, and its room when the sheet spans several rooms. */
export interface QrTable {
  id: string;
  number: number;
  roomName?: string;
}

/**
 * A printable sheet of QR codes, each opening `/user/reservation/{ownerId}/{tableId}` with
 * 'Tavolo {n}' under it: a room's tables (the room screen), all tables or one (the tables list).
 * One table also shows its link, to send or check by hand. Printing shows only the sheet (see
 * the print rules in qr-sheet.css).
 */
export function QrSheet({
  isOpen,
  onClose,
  title,
  tables,
  ownerId,
  emptyText = x.noTablesInRoom,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** In the order to print. */
  tables: readonly QrTable[];
  ownerId: string;
  emptyText?: string;
}) {
  const [codes, setCodes] = useState<Map<string, string> | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(tables);
  latest.current = tables;
  // The codes depend only on which tables there are, not on where they stand.
  const ids = tables.map((table) => table.id).join(',');

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

  const single = tables.length === 1 ? tables[0] : undefined;
  const rooms = new Set(tables.map((table) => table.roomName ?? ''));

  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={onClose}
      overlayClassName="qr-overlay"
      modalClassName={single ? 'qr-modal qr-modal-single' : 'qr-modal'}
      className="qr-dialog"
      title={title}
    >
      <p className="qr-sheet-hint">{x.qrSheetHint}</p>
      {failed ? <Alert tone="danger">{t.genericError}</Alert> : null}
      {!failed && !codes ? <Loading /> : null}
      {codes && tables.length === 0 ? <p>{emptyText}</p> : null}
      {codes ? (
        <ul className={single ? 'qr-grid qr-grid-single' : 'qr-grid'}>
          {tables.map((table) => {
            const src = codes.get(table.id);
            return (
              <li key={table.id}>
                <figure>
                  {src ? <img src={src} alt={xf.qrAlt(table.number)} width="160" height="160" /> : null}
                  <figcaption>
                    {tf.table(table.number)}
                    {rooms.size > 1 && table.roomName ? (
                      <span className="qr-room">{table.roomName}</span>
                    ) : null}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      ) : null}
      {single ? (
        <p className="qr-link">
          <span className="label">{t.customerLink}</span>
          <code>{customerTableUrl(globalThis.location.origin, ownerId, single.id)}</code>
        </p>
      ) : null}
      <div className="btn-row qr-sheet-actions">
        <Button variant="primary" isDisabled={!codes} onPress={() => globalThis.print()}>
          {t.print}
        </Button>
        <Button variant="secondary" onPress={onClose}>
          {t.close}
        </Button>
      </div>
    </ModalDialog>
  );
}
