// A modal dialog: focus moves in and is kept inside, Escape and a backdrop press close it when it is
// dismissible, and focus goes back to the opener on close.
import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn, trapTab, useOutsidePress, useReturnFocus } from './a11y.ts';

export interface ModalProps {
  open: boolean;
  /** Without it the dialog cannot be dismissed (no close button, Escape or backdrop press). */
  onClose?: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /** An icon before the title. */
  icon?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Element to focus when the dialog opens; the first focusable element by default. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Ids of the elements that describe the dialog (aria-describedby). */
  describedBy?: string;
  className?: string;
  'data-testid'?: string;
}

export function Modal(props: ModalProps) {
  const { open, onClose, title, children, actions, icon, role = 'dialog', initialFocusRef, describedBy } = props;
  const { t } = useLingui();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocus(open);
  // A press on the backdrop (outside the dialog) closes a dismissible dialog.
  useOutsidePress([ref], open && Boolean(onClose), () => onClose?.());

  useEffect(() => {
    if (!open) return;
    const root = ref.current;
    if (!root) return;
    const target = initialFocusRef?.current ?? focusableIn(root)[0] ?? root;
    target.focus();
  }, [open, initialFocusRef]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (onClose) {
        event.preventDefault();
        onClose();
      }
      return;
    }
    trapTab(event, ref.current);
  };

  const dialog = {
    ref,
    'aria-modal': true,
    'aria-labelledby': titleId,
    'aria-describedby': describedBy,
    tabIndex: -1,
    className: ['pt-modal', props.className].filter(Boolean).join(' '),
    'data-testid': props['data-testid'],
    onKeyDown,
  };
  const content = (
    <>
      <div className="pt-modal__header">
        {icon ? <span className="pt-modal__icon">{icon}</span> : null}
        <h2 id={titleId} className="pt-modal__title">
          {title}
        </h2>
        {onClose ? (
          <button type="button" className="pt-icon-btn" onClick={onClose} aria-label={t`Chiudi`}>
            <X size={18} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="pt-modal__body">{children}</div>
      {actions ? <div className="pt-modal__actions">{actions}</div> : null}
    </>
  );

  return createPortal(
    <div className="pt-modal-backdrop">
      {role === 'alertdialog' ? (
        <div role="alertdialog" {...dialog}>
          {content}
        </div>
      ) : (
        <div role="dialog" {...dialog}>
          {content}
        </div>
      )}
    </div>,
    document.body,
  );
}
