// The brand: the mark with the wordmark, and the loading indicators that carry it.
import { useLingui } from '@lingui/react/macro';

type Size = 'sm' | 'md' | 'lg';

/** The mark: a "P" standing on a base line, on a teal tile. Decorative; the wordmark or a label names it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className ?? 'pt-logo__mark'} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#1f6f78" />
      <path
        d="M14 29V11h7.5a6.25 6.25 0 0 1 0 12.5H14"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M20.5 29h7" stroke="#9fc9d0" strokeWidth="3.4" strokeLinecap="round" />
    </svg>
  );
}

export interface LogoProps {
  size?: Size;
  /** Show the wordmark next to the mark (default true). */
  wordmark?: boolean;
  className?: string;
}

/** The mark and the wordmark "Patrimonio" (a brand name, not translated). */
export function Logo({ size = 'md', wordmark = true, className }: LogoProps) {
  const classes = ['pt-logo', size !== 'md' && `pt-logo--${size}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <LogoMark />
      {wordmark ? <span className="pt-logo__word">Patrimonio</span> : <span className="pt-sr-only">Patrimonio</span>}
    </span>
  );
}

export interface SpinnerProps {
  size?: Size;
  /** Text for assistive technologies; a generic "loading" by default. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useLingui();
  const classes = ['pt-spinner', size !== 'md' && `pt-spinner--${size}`, className].filter(Boolean).join(' ');
  return (
    <span role="status" className={classes}>
      <span className="pt-sr-only">{label ?? t`Caricamento in corso`}</span>
    </span>
  );
}

/** Full-page loading state: the logo with a spinner (spec: "A spinner with the logo shows while loading"). */
export function LoadingScreen({ label }: { label?: string }) {
  return (
    <div className="pt-loading" aria-busy="true" data-testid="loading-screen">
      <Logo size="lg" />
      <Spinner size="lg" label={label} />
    </div>
  );
}
