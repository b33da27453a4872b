export { orderViewMutators } from './mutators.ts';
export { OrderViewDialog, type OrderViewDialogProps } from './order-view-dialog.tsx';
export { OutOfMenuDialog, type OutOfMenuDialogProps } from './out-of-menu-dialog.tsx';
