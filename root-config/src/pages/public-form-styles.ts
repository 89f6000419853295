// The layout rules of the public registration forms (/register-client, /register-pro), with the theme's variables.
import type { CSSProperties } from 'react';

// The shared stylesheet has no form styles yet.
export const publicFormStyles = {
  stack: { display: 'flex', flexDirection: 'column', gap: 'var(--pt-space-4)' },
  // Focused from code only (errors, confirmation): no focus ring on a heading.
  heading: { margin: 0, fontSize: 'var(--pt-text-xl)', outline: 'none' },
  field: { display: 'flex', flexDirection: 'column', gap: 'var(--pt-space-1)' },
  label: { fontWeight: 600 },
  check: { display: 'flex', alignItems: 'flex-start', gap: 'var(--pt-space-2)' },
  hint: { margin: 0, fontSize: 'var(--pt-text-xs)', color: 'var(--pt-text-muted)' },
  fieldError: { margin: 0, fontSize: 'var(--pt-text-sm)', color: 'var(--pt-danger)' },
  summary: {
    margin: 0,
    padding: 'var(--pt-space-3)',
    borderRadius: 'var(--pt-radius)',
    background: 'var(--pt-primary-softer)',
  },
  alert: {
    margin: 0,
    padding: 'var(--pt-space-3)',
    borderRadius: 'var(--pt-radius)',
    background: 'var(--pt-danger-soft)',
    color: 'var(--pt-danger)',
  },
  success: {
    margin: 0,
    padding: 'var(--pt-space-3)',
    borderRadius: 'var(--pt-radius)',
    background: 'var(--pt-success-soft)',
    // 5.7:1 on the soft green (--pt-success is 4.4:1 there, under the 4.5:1 of text).
    color: 'var(--pt-success-strong)',
  },
  status: { display: 'flex', alignItems: 'center', gap: 'var(--pt-space-2)', margin: 0 },
} satisfies Record<string, CSSProperties>;
