import { t, tf } from '@comanda/shared-schema';
import { Button } from '../../components/button.tsx';
import type { PendingUndo } from './use-kitchen.ts';

/**
 * After a bump: 'Tavolo 4: tutto pronto' with 'Annulla', for a few seconds (`UNDO_MS`). A status
 * role, so it is announced without taking the focus from the board.
 */
export function UndoBar({ undo, onUndo }: { undo: PendingUndo | null; onUndo: () => void }) {
  return (
    <div className="kds-undo-slot" role="status">
      {undo && (
        <div className="kds-undo" key={undo.id}>
          <span className="kds-undo-text">{tf.kitchenBumped(undo.title)}</span>
          <Button variant="secondary" className="kds-undo-button" onPress={onUndo}>
            {t.cancel}
          </Button>
        </div>
      )}
    </div>
  );
}
