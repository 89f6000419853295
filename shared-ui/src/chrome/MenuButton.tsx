// A menu button (WAI-ARIA menu button pattern): the button opens a menu of items; arrow keys, Home and End
// move between items, Escape closes and returns focus to the button, Tab and a press outside close it.
import { ChevronDown } from 'lucide-react';
import { type ButtonHTMLAttributes, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useOutsidePress } from './a11y.ts';

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

export interface MenuButtonProps {
  /** Content of the button. */
  label: ReactNode;
  /** Extra attributes of the button (aria-label, data-testid, className). */
  buttonProps?: ButtonHTMLAttributes<HTMLButtonElement> & { 'data-testid'?: string };
  /** Non-interactive content at the top of the menu. */
  header?: ReactNode;
  /** The items; call `close()` after an item acts. */
  children: (close: () => void) => ReactNode;
  className?: string;
}

export function MenuButton({ label, buttonProps, header, children, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const buttonId = useId();
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  const close = useCallback((focusButton = true) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }, []);

  useOutsidePress([wrapper], open, () => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const list = Array.from(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
    const target = focusOnOpen === 'last' ? list[list.length - 1] : list[0];
    target?.focus();
  }, [open, focusOnOpen]);

  const move = (delta: number | 'first' | 'last') => {
    const list = items();
    if (!list.length) return;
    const current = list.indexOf(document.activeElement as HTMLElement);
    let next: number;
    if (delta === 'first') next = 0;
    else if (delta === 'last') next = list.length - 1;
    else next = (current + delta + list.length) % list.length;
    list[next]?.focus();
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Home':
        event.preventDefault();
        move('first');
        break;
      case 'End':
        event.preventDefault();
        move('last');
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusOnOpen(event.key === 'ArrowUp' ? 'last' : 'first');
      setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const { className: buttonClass, ...restButton } = buttonProps ?? {};
  return (
    <div ref={wrapper} className={['pt-menu', className].filter(Boolean).join(' ')}>
      <button
        {...restButton}
        ref={button}
        id={buttonId}
        type="button"
        className={['pt-menu__button', buttonClass].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setFocusOnOpen('first');
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <ChevronDown className="pt-menu__chevron" size={16} aria-hidden="true" />
      </button>
      {open ? (
        <div className="pt-menu__list">
          {header ? <div className="pt-menu__header">{header}</div> : null}
          <div ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
            {children(() => close(true))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
