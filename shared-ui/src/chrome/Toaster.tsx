// Renders the toasts bottom-right. Errors are announced assertively, the rest politely.
import { useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, Info, X } from 'lucide-react';
import { isMessageDescriptor, type ToastItem, toast, useToasts } from './toast.ts';

function ToastIcon({ kind }: { kind: ToastItem['kind'] }) {
  switch (kind) {
    case 'success':
      return <CircleCheck className="pt-toast__icon" size={20} aria-hidden="true" />;
    case 'error':
      return <CircleX className="pt-toast__icon" size={20} aria-hidden="true" />;
    case 'loading':
      return <span className="pt-toast__icon pt-spinner pt-spinner--sm" aria-hidden="true" />;
    default:
      return <Info className="pt-toast__icon" size={20} aria-hidden="true" />;
  }
}

export function Toaster() {
  const { t, i18n } = useLingui();
  const toasts = useToasts();
  return (
    <ol className="pt-toaster" aria-live="polite" aria-label={t`Notifiche`} data-testid="toaster">
      {toasts.map((item) => (
        <li key={item.id} className={`pt-toast pt-toast--${item.kind}`} data-testid={`toast-${item.kind}`}>
          <ToastIcon kind={item.kind} />
          <div className="pt-toast__message">
            {isMessageDescriptor(item.message) ? i18n._(item.message) : item.message}
          </div>
          <button
            type="button"
            className="pt-icon-btn pt-toast__close"
            onClick={() => toast.dismiss(item.id)}
            aria-label={t`Chiudi la notifica`}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ol>
  );
}
