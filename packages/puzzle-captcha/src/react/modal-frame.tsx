import { useEffect, useId, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icons';
import { lockPageScroll } from './scroll-lock';
import { TEXTS } from './texts';

interface ModalFrameProps {
  zIndex: number;
  className?: string;
  style: CSSProperties;
  /** Escape or the close button. */
  onClose: () => void;
  /** A tap on the backdrop: the caller decides whether the puzzle may be left now. */
  onBackdrop: () => void;
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

const FOCUSABLE = 'button:not(:disabled), [tabindex="0"]';

/** Portal on document.body: backdrop, labelled dialog, focus in and back out, Tab kept inside, page locked. */
export function ModalFrame({ zIndex, className, style, onClose, onBackdrop, initialFocus, children }: ModalFrameProps) {
  const titleId = useId();
  const backdrop = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onClose, onBackdrop });
  useEffect(() => {
    handlers.current = { onClose, onBackdrop };
  });

  useEffect(() => {
    const overlay = backdrop.current;
    const box = dialog.current;
    if (!overlay || !box) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus.current ?? box).focus({ preventScroll: true });
    const unlock = lockPageScroll();

    let pressedOutside = false;
    const onPointerDown = (event: PointerEvent) => {
      pressedOutside = event.target === overlay;
    };
    // Both press and release outside: a drag that ends over the backdrop is not a tap outside.
    const onClick = (event: MouseEvent) => {
      if (pressedOutside && event.target === overlay) handlers.current.onBackdrop();
      pressedOutside = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        handlers.current.onClose();
      } else if (event.key === 'Tab') {
        const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        const inside = box.contains(document.activeElement);
        if (event.shiftKey && (!inside || document.activeElement === first)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    overlay.addEventListener('pointerdown', onPointerDown);
    overlay.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      overlay.removeEventListener('pointerdown', onPointerDown);
      overlay.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
      unlock();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [initialFocus]);

  return createPortal(
    <div ref={backdrop} className={['pcap-backdrop', className].filter(Boolean).join(' ')} style={{ zIndex }}>
      <div ref={dialog} className="pcap-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} style={style}>
        <div className="pcap-head">
          <h2 id={titleId} className="pcap-title">
            {TEXTS.title}
          </h2>
          <button type="button" className="pcap-close" aria-label={TEXTS.close} onClick={() => handlers.current.onClose()}>
            <Icon name="cross" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
