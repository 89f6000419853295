// The session-expiring modal (spec sections 4 and 8): countdown clamped to 0..64 seconds and a button to
// keep the session alive. It cannot be dismissed otherwise.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TimerOff } from 'lucide-react';
import { useId, useRef } from 'react';
import { Modal } from './Modal.tsx';
import { clampSessionSeconds } from './sessionSeconds.ts';

export interface SessionExpiringModalProps {
  open: boolean;
  secondsLeft: number;
  onKeepAlive: () => void;
}

export function SessionExpiringModal({ open, secondsLeft, onKeepAlive }: SessionExpiringModalProps) {
  const { t } = useLingui();
  const button = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const seconds = clampSessionSeconds(secondsLeft);
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={t({ id: 'sessionExpiring.title', message: 'La sessione sta per scadere' })}
      icon={<TimerOff size={22} aria-hidden="true" />}
      initialFocusRef={button}
      describedBy={messageId}
      data-testid="session-expiring-modal"
      actions={
        <button
          ref={button}
          type="button"
          className="pt-btn pt-btn--primary"
          onClick={onKeepAlive}
          data-testid="keep-alive"
        >
          {t({ id: 'sessionExpiring.keepAlive', message: 'Resta collegato' })}
        </button>
      }
    >
      <div id={messageId}>
        <p>
          {t({
            id: 'sessionExpiring.message',
            message: plural(seconds, {
              one: 'Per la tua sicurezza la sessione scadrà tra # secondo.',
              other: 'Per la tua sicurezza la sessione scadrà tra # secondi.',
            }),
          })}
        </p>
        <p>
          {t({
            id: 'sessionExpiring.message_2',
            message: 'Se vuoi continuare a lavorare, conferma di essere ancora presente.',
          })}
        </p>
      </div>
    </Modal>
  );
}
