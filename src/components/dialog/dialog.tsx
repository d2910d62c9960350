import { useEffect, useId, useRef, type ReactNode } from 'react';
import { pushLayer, removeLayer } from '../layer-stack';
import { lockBodyScroll } from './scroll-lock';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called when the visitor asks to close: Escape, a backdrop tap or the close button (where enabled). */
  onClose: () => void;
  children: ReactNode;
  closeOnBackdrop?: boolean;
  closeOnEscape?: boolean;
  showCloseButton?: boolean;
  className?: string;
}

/** A modal popup on the platform's <dialog>: top layer, inert page, focus in and back, scroll locked. */
export function Dialog({
  open,
  title,
  onClose,
  children,
  closeOnBackdrop = true,
  closeOnEscape = true,
  showCloseButton = true,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const rules = useRef({ closeOnBackdrop, closeOnEscape });

  useEffect(() => {
    onCloseRef.current = onClose;
    rules.current = { closeOnBackdrop, closeOnEscape };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    pushLayer(dialog);
    const unlock = lockBodyScroll();

    const onCancel = (event: Event) => {
      event.preventDefault(); // we decide, not the browser
      if (rules.current.closeOnEscape) onCloseRef.current();
    };
    const onClick = (event: MouseEvent) => {
      // The dialog box itself has no padding: a click whose target is the <dialog> landed on the backdrop.
      if (event.target === dialog && rules.current.closeOnBackdrop) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      removeLayer(dialog);
      unlock();
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);

  return (
    <dialog ref={ref} className={['dialog', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      {open && (
        <div className="dialog__box">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {showCloseButton && (
            <button type="button" className="dialog__close" aria-label="关闭" onClick={() => onCloseRef.current()}>
              ×
            </button>
          )}
          <div className="dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
