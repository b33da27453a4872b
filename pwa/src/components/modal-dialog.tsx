import type { ReactNode } from 'react';
import { Dialog, type DialogProps, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ModalDialogProps {
  /** Whether it shows; left out under a `DialogTrigger`, which opens and closes it. */
  isOpen?: boolean;
  /**
   * The dialog asks to close: Escape, or a tap outside when `isDismissable`. Left out, it stays
   * open until its owner closes it (a step that must be answered, a payment on its way).
   */
  onClose?: () => void;
  /** A tap outside closes it (default); false where only the dialog's own buttons may. */
  isDismissable?: boolean;
  overlayClassName: string;
  modalClassName: string;
  /** The dialog's own class. */
  className: string;
  /** 'alertdialog' for a question or a refusal that interrupts (react-aria's default: 'dialog'). */
  role?: 'dialog' | 'alertdialog';
  'aria-label'?: string;
  /** The heading that names the dialog, drawn first; left out where the content places its own. */
  title?: ReactNode;
  titleClassName?: string;
  /** The content, or react-aria's render function (`close` under a `DialogTrigger`). */
  children: DialogProps['children'];
}

/**
 * Every modal dialog of the app in one frame: react-aria's overlay, modal and dialog (focus kept
 * inside, Escape, the page behind made inert), with each dialog's own classes, role and name.
 */
export function ModalDialog({
  isOpen,
  onClose,
  isDismissable = true,
  overlayClassName,
  modalClassName,
  className,
  role,
  'aria-label': ariaLabel,
  title,
  titleClassName,
  children,
}: ModalDialogProps) {
  const heading =
    title === undefined ? null : (
      <Heading slot="title" className={titleClassName}>
        {title}
      </Heading>
    );
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={isDismissable}
      onOpenChange={
        onClose
          ? (open) => {
              if (!open) onClose();
            }
          : undefined
      }
      className={overlayClassName}
    >
      <Modal className={modalClassName}>
        <Dialog role={role} aria-label={ariaLabel} className={className}>
          {typeof children === 'function' ? (
            (renderProps) => (
              <>
                {heading}
                {children(renderProps)}
              </>
            )
          ) : (
            <>
              {heading}
              {children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
