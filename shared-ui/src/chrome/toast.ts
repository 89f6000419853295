// Toasts (spec sections 2 and 8): a module-level store, so any app can call toast.* (shared-ui is one copy
// in the page), rendered bottom-right by <Toaster />.
import type { MessageDescriptor } from '@lingui/core';
import { isValidElement, type ReactNode, useSyncExternalStore } from 'react';
import { toastMessages } from './messages.ts';

/** Plain text or a node, or a Lingui descriptor (translated when shown, following the language). */
export type ToastMessage = ReactNode | MessageDescriptor;
export type ToastKind = 'success' | 'error' | 'info' | 'loading';

export interface ToastItem {
  id: string;
  kind: ToastKind;
  message: ToastMessage;
}

export interface ToastOptions {
  /** Replace the toast with this id instead of adding one. */
  id?: string;
  /** Milliseconds before it closes; 0 keeps it until dismissed. */
  duration?: number;
}

const DURATIONS: Record<ToastKind, number> = { success: 4000, info: 5000, error: 7000, loading: 0 };
const MAX_TOASTS = 5;

let toasts: readonly ToastItem[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let seq = 0;

function emit() {
  for (const l of listeners) l();
}

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function show(kind: ToastKind, message: ToastMessage, options: ToastOptions = {}): string {
  seq += 1;
  const id = options.id ?? `pt-toast-${seq}`;
  clearTimer(id);
  const item: ToastItem = { id, kind, message };
  const exists = toasts.some((t) => t.id === id);
  toasts = exists ? toasts.map((t) => (t.id === id ? item : t)) : [...toasts, item];
  while (toasts.length > MAX_TOASTS) {
    const oldest = toasts[0];
    if (oldest) clearTimer(oldest.id);
    toasts = toasts.slice(1);
  }
  const duration = options.duration ?? DURATIONS[kind];
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

function dismiss(id?: string): void {
  if (id === undefined) {
    for (const t of toasts) clearTimer(t.id);
    toasts = [];
  } else {
    clearTimer(id);
    toasts = toasts.filter((t) => t.id !== id);
  }
  emit();
}

export interface ToastPromiseMessages<T> {
  loading?: ToastMessage;
  success?: ToastMessage | ((value: T) => ToastMessage);
  /** The error toast; the spec's generic 'error_500' when not given. */
  error?: ToastMessage | ((error: unknown) => ToastMessage);
}

/**
 * The generic mutation wrapper: a loading toast while the promise is pending, then a success toast, or an
 * error toast ('error_500' by default). Returns the same promise.
 */
function promise<T>(p: Promise<T>, messages: ToastPromiseMessages<T> = {}): Promise<T> {
  const id = messages.loading !== undefined ? show('loading', messages.loading) : undefined;
  p.then(
    (value) => {
      const message = typeof messages.success === 'function' ? messages.success(value) : messages.success;
      if (message !== undefined && message !== null) show('success', message, { id });
      else if (id) dismiss(id);
    },
    (error: unknown) => {
      const message = typeof messages.error === 'function' ? messages.error(error) : messages.error;
      show('error', message ?? toastMessages.error500, { id });
    },
  );
  return p;
}

export const toast = {
  success: (message: ToastMessage, options?: ToastOptions) => show('success', message, options),
  error: (message: ToastMessage, options?: ToastOptions) => show('error', message, options),
  info: (message: ToastMessage, options?: ToastOptions) => show('info', message, options),
  /** A toast that stays until dismissed or replaced; returns its id. */
  loading: (message: ToastMessage, options?: ToastOptions) => show('loading', message, options),
  /** Closes one toast, or all of them without an id. */
  dismiss,
  promise,
};

/** Whether a toast message is a Lingui descriptor (and not text or a React element). */
export function isMessageDescriptor(message: ToastMessage): message is MessageDescriptor {
  return (
    typeof message === 'object' &&
    message !== null &&
    !isValidElement(message) &&
    !Array.isArray(message) &&
    typeof (message as MessageDescriptor).id === 'string'
  );
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => toasts;

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
