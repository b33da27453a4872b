export { CardLockedNote } from './card-locked-note.tsx';
export { orderViewMutators } from './mutators.ts';
export { amountsLocked } from './order-logic.ts';
export { OrderViewDialog, type OrderViewDialogProps } from './order-view-dialog.tsx';
export { OutOfMenuDialog, type OutOfMenuDialogProps } from './out-of-menu-dialog.tsx';
