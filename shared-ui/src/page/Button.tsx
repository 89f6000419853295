// The portal's button (pt-btn and its variant), for page actions: <Button variant="primary" onClick={...}>.
import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  'data-testid'?: string;
  /** Guided-tour target (tour/steps.ts). */
  'data-tour'?: string;
}

export function Button({ variant = 'secondary', type = 'button', className, ...rest }: ButtonProps) {
  return (
    <button type={type} className={['pt-btn', `pt-btn--${variant}`, className].filter(Boolean).join(' ')} {...rest} />
  );
}
