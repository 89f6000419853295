// The guided tour's controller (spec data-and-admin sections 2 and 4) on driver.js: one tour at a time in the
// page (shared-ui is a single copy, so the launcher in the top bar and the pages see the same state).
//
// driver.js draws the overlay and positions the popover; this module decides what Next, Back and Escape do:
// - steps advance one at a time; Next is disabled until the step's required field is filled;
// - a `press` step's Next presses its button (opening a dialog, saving), and a click on that button advances;
// - after the goal submit step the tour navigates to the owner's position page and advances 300 ms later;
// - the last step completes the section: PATCH /user/data-tour {tourStep}, then the tour closes;
// - Escape, the close button, a window under 1024 x 650 and leaving the page close it; closing resets the
//   tour form (what was typed in the required fields) and the pages' setStepValid marks;
// - focus goes to the step's field (or to Next), stays within the popover and the highlighted element, and
//   returns to the opener at the end. The arrow keys move between steps while focus is in the popover.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type Config, type Driver, driver, type PopoverDOM } from 'driver.js';
import { useSyncExternalStore } from 'react';
import { api } from '../api.ts';
import { apiKey, queryClient } from '../data/query.ts';
import { i18n } from '../i18n/i18n.ts';
import { navigate as portalNavigate } from '../navigation.ts';
import { sessionStore } from '../session/store.ts';
import {
  isFilled,
  moveAfter,
  sectionBlock,
  sectionStartPath,
  TOUR_WAIT_FOR_TARGET_MS,
  tourBasePath,
  tourFitsViewport,
  withCompleted,
} from './logic.ts';
import { tourMessages } from './messages.ts';
import { TOUR_SECTION_STEPS, type TourRequirement, type TourSection, type TourStep, type TourTarget } from './steps.ts';

export interface TourState {
  active: boolean;
  section: TourSection | null;
  /** The current step, 0-based. */
  index: number;
  /** Steps in the section. */
  count: number;
  /** The current step's `data-tour` target. */
  target: TourTarget | null;
  /** Whether Next is enabled on the current step. */
  canNext: boolean;
  /** Between the goal submit step and the position page's step (navigation, then 300 ms). */
  waiting: boolean;
  /** The tour form: the required fields as typed during this run; reset when the tour ends. */
  form: Readonly<Partial<Record<TourRequirement, string>>>;
}

export interface TourStartOptions {
  /** The owner scope's base path ('' for BASIC, '/client/42'); by default from the route or the selection. */
  basePath?: string;
  /** Go to the section's first page when not there already; default true. */
  goToStart?: boolean;
  /** How to navigate; default shared-ui's navigate (single-spa). */
  navigate?: (to: string) => void;
}

const IDLE: TourState = {
  active: false,
  section: null,
  index: 0,
  count: 0,
  target: null,
  canNext: false,
  waiting: false,
  form: {},
};

let state: TourState = IDLE;
const listeners = new Set<() => void>();

function set(patch: Partial<TourState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const getTourState = (): TourState => state;
export function subscribeTour(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface Run {
  section: TourSection;
  steps: readonly TourStep[];
  basePath: string;
  navigate: (to: string) => void;
  driver: Driver;
  index: number;
  /** Focus goes back here at the end. */
  opener: HTMLElement | null;
  /** The page the tour is on: another one means the user left. */
  expectedPath: string;
  waiting: boolean;
  /** Set while the tour itself presses a step's button (so the click is not taken as the user's). */
  pressing: boolean;
  /** Last focused element inside the tour (popover or highlighted element). */
  lastFocus: HTMLElement | null;
  timers: Set<ReturnType<typeof setTimeout>>;
  detach: () => void;
}

let run: Run | null = null;
/** Marks set by pages with setStepValid (target -> valid), cleared when the tour ends. */
const overrides = new Map<string, boolean>();

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELD = 'input:not([type="hidden"]):not([type="button"]):not([type="submit"]), select, textarea';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const text = (m: MessageDescriptor) => escapeHtml(i18n._(m));
const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const visible = (el: Element) => el.getClientRects().length > 0;
const inPopover = (el: Element) => Boolean(el.closest('.driver-popover'));

/** The element a step points at: the first visible one with its data-tour value (or the first at all). */
export function findTourTarget(target: string): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>(`[data-tour="${CSS.escape(target)}"]`));
  return all.find(visible) ?? all[0] ?? null;
}

/** The field a required step reads: the target itself, or the first input, select or textarea inside it. */
function fieldOf(el: HTMLElement | null): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null {
  if (!el) return null;
  if (el.matches(FIELD)) return el as HTMLInputElement;
  return el.querySelector<HTMLInputElement>(FIELD);
}

function focusablesOf(el: HTMLElement | null): HTMLElement[] {
  if (!el) return [];
  const inside = Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE));
  return (el.matches(FOCUSABLE) ? [el, ...inside] : inside).filter(visible);
}

const popoverOf = (r: Run) => r.driver.getState('popover') as PopoverDOM | undefined;

function later(r: Run, ms: number, fn: () => void): void {
  const timer = setTimeout(() => {
    r.timers.delete(timer);
    if (run === r) fn();
  }, ms);
  r.timers.add(timer);
}

function stepValid(r: Run, index: number): boolean {
  const step = r.steps[index];
  if (!step) return false;
  const mark = overrides.get(step.target);
  if (mark !== undefined) return mark;
  if (!step.requires) return true;
  const field = fieldOf(findTourTarget(step.target));
  return Boolean(field) && isFilled(field?.value) && Boolean(field?.validity.valid);
}

/** Re-reads the current step: Next enabled or not, the fill-in hint, the tour form. */
function refresh(r: Run): void {
  const step = r.steps[r.index];
  const ok = !r.waiting && stepValid(r, r.index);
  const form = { ...state.form };
  if (step?.requires) {
    const field = fieldOf(findTourTarget(step.target));
    if (field) form[step.requires] = field.value;
  }
  const popover = popoverOf(r);
  if (popover) {
    popover.nextButton.disabled = !ok;
    popover.nextButton.classList.toggle('driver-popover-btn-disabled', !ok);
    const need = popover.wrapper.querySelector('.pt-tour__need');
    if (need) need.textContent = ok ? '' : i18n._(tourMessages.fillToContinue);
  }
  set({ canNext: ok, form });
}

function focusStep(r: Run): void {
  const popover = popoverOf(r);
  const step = r.steps[r.index];
  if (step?.requires) {
    const field = fieldOf(findTourTarget(step.target));
    if (field && !field.disabled && visible(field)) {
      field.focus();
      return;
    }
  }
  if (!popover) return;
  const primary = popover.nextButton.disabled ? popover.closeButton : popover.nextButton;
  primary.focus();
}

function hidePopover(r: Run): void {
  const popover = popoverOf(r);
  if (popover) popover.wrapper.style.display = 'none';
}

/** driver.js has drawn a step's popover: our classes, labels, test ids, the fill-in hint; then focus. */
function decorate(r: Run, popover: PopoverDOM, activeIndex: number | undefined): void {
  if (run !== r) return;
  const index = activeIndex ?? r.index;
  const step = r.steps[index];
  const w = popover.wrapper;
  w.classList.add('pt-tour');
  w.dataset.testid = 'tour-popover';
  w.dataset.section = r.section;
  if (step) w.dataset.step = step.target;
  // driver.js writes the title as <header> and the buttons in a <footer>, outside any section: a second banner and
  // a second contentinfo landmark beside the portal's while the tour runs (axe landmark-unique and
  // landmark-no-duplicate-*). The dialog is labelled by the title; neither is a landmark.
  popover.title.setAttribute('role', 'none');
  popover.footer.setAttribute('role', 'none');
  const close = i18n._(tourMessages.close);
  popover.closeButton.setAttribute('aria-label', close);
  popover.closeButton.title = close;
  popover.closeButton.dataset.testid = 'tour-close';
  popover.nextButton.classList.add('pt-btn', 'pt-btn--primary');
  popover.nextButton.dataset.testid = 'tour-next';
  popover.previousButton.classList.add('pt-btn', 'pt-btn--secondary');
  popover.previousButton.dataset.testid = 'tour-back';
  if (r.steps[index - 1]?.thenPosition) {
    // The previous step was on another page.
    popover.previousButton.disabled = true;
    popover.previousButton.classList.add('driver-popover-btn-disabled');
  }
  const need = document.createElement('p');
  need.className = 'pt-tour__need';
  need.setAttribute('aria-live', 'polite');
  popover.description.after(need);
  refresh(r);
  // driver.js focuses the popover's first control right after this hook; put focus where the step needs it.
  later(r, 0, () => focusStep(r));
}

function createDriver(r: Run): Driver {
  const count = r.steps.length;
  const motion = !reducedMotion();
  const guard = (fn: () => void) => (): void => {
    if (run === r) fn();
  };
  const config: Config = {
    steps: r.steps.map((step, i) => {
      const n = i + 1;
      return {
        element: () => findTourTarget(step.target) as Element,
        waitForElement: TOUR_WAIT_FOR_TARGET_MS,
        popover: {
          title: text(step.title),
          description: text(step.description),
          side: step.side ?? 'bottom',
          align: 'start',
          progressText: text(msg`Passo ${n} di ${count}`),
        },
      };
    }),
    animate: motion,
    duration: 250,
    smoothScroll: motion,
    allowClose: true,
    // Keys are handled here: Escape on keydown, arrows only from the popover (not while typing in a field).
    allowKeyboardControl: false,
    overlayClickBehavior: () => {},
    overlayColor: '#161c21',
    overlayOpacity: 0.55,
    stagePadding: 6,
    stageRadius: 8,
    popoverOffset: 8,
    showProgress: true,
    popoverClass: 'pt-tour',
    nextBtnText: text(tourMessages.next),
    prevBtnText: text(tourMessages.back),
    doneBtnText: text(tourMessages.done),
    onPopoverRender: (popover, opts) => decorate(r, popover, opts.state.activeIndex),
    onNextClick: guard(nextStep),
    onPrevClick: guard(previousStep),
    onCloseClick: guard(closeTour),
    onDestroyStarted: guard(closeTour),
  };
  return driver(config);
}

function go(r: Run, index: number): void {
  r.index = index;
  const step = r.steps[index];
  if (!step) return;
  // The next element is not there yet (a dialog opening, a page loading): no stale popover meanwhile.
  if (!findTourTarget(step.target)) hidePopover(r);
  set({ index, target: step.target, canNext: false });
  if (r.driver.isActive()) r.driver.moveTo(index);
  else r.driver.drive(index);
}

/** A `press` step's button: a submit button of an invalid form does not move the tour on. */
function pressable(el: HTMLElement | null): boolean {
  const form = el instanceof HTMLButtonElement && el.type === 'submit' ? el.form : null;
  return !form || form.checkValidity();
}

function advance(r: Run, index: number): void {
  const move = moveAfter(index, r.steps.length, r.steps[index], r.basePath);
  if (move.kind === 'finish') {
    void recordCompleted(r.section);
    closeTour();
    return;
  }
  if (move.navigateTo !== null) {
    const to = move.navigateTo;
    r.waiting = true;
    hidePopover(r);
    set({ waiting: true, canNext: false });
    r.expectedPath = to;
    r.navigate(to);
    later(r, move.delayMs, () => {
      r.waiting = false;
      set({ waiting: false });
      go(r, move.index);
    });
    return;
  }
  go(r, move.index);
}

/** Records a completed section on the server (and in the cached GET /user/data-tour answer). */
async function recordCompleted(section: TourSection): Promise<void> {
  const key = apiKey('getDataTour');
  queryClient.setQueryData<string>(key, (old) => withCompleted(old, section));
  try {
    const answer = await api('patchDataTour', { body: { tourStep: section } });
    queryClient.setQueryData(key, answer);
  } catch {
    // The progress is a convenience: when it cannot be recorded the section is simply offered again.
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

function restart(r: Run): void {
  if (run !== r) return;
  const old = r.driver;
  old.destroy();
  r.driver = createDriver(r);
  if (!r.waiting) r.driver.drive(r.index);
}

function attach(r: Run): () => void {
  const inTour = (node: EventTarget | null): boolean => {
    if (!(node instanceof Node)) return false;
    const popover = popoverOf(r)?.wrapper;
    const target = findTourTarget(r.steps[r.index]?.target ?? '');
    return Boolean(popover?.contains(node) || target?.contains(node));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (run !== r) return;
    if (e.key === 'Escape') {
      // Only the tour closes (not also a dialog under it).
      e.preventDefault();
      e.stopPropagation();
      closeTour();
      return;
    }
    const popover = popoverOf(r)?.wrapper;
    if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && popover?.contains(document.activeElement)) {
      e.preventDefault();
      if (e.key === 'ArrowRight') nextStep();
      else previousStep();
    }
  };
  // Focus stays within the popover and the highlighted element (Tab, and a date input's own segments, work
  // as usual inside them); focus arriving elsewhere is sent back.
  const onFocusIn = (e: FocusEvent) => {
    if (run !== r || r.waiting) return;
    if (inTour(e.target)) {
      r.lastFocus = e.target as HTMLElement;
      return;
    }
    const popover = popoverOf(r)?.wrapper ?? null;
    const inside = focusablesOf(findTourTarget(r.steps[r.index]?.target ?? ''));
    const fromPopover = Boolean(r.lastFocus && popover?.contains(r.lastFocus));
    const destination = (fromPopover ? inside[0] : undefined) ?? focusablesOf(popover)[0];
    destination?.focus();
  };
  // Presses on the popover and the overlay are the tour's: a dialog under it must not take them as a
  // press outside itself (and close).
  const onPointer = (e: Event) => {
    if (e.target instanceof Element && e.target.closest('.driver-popover, .driver-overlay')) e.stopPropagation();
  };
  const onInput = () => later(r, 0, () => refresh(r));
  const onClick = (e: MouseEvent) => {
    if (run !== r || r.pressing || r.waiting) return;
    const index = r.index;
    const step = r.steps[index];
    if (!step?.press) return;
    const el = findTourTarget(step.target);
    if (!el || !(e.target instanceof Node) || !el.contains(e.target)) return;
    // After the page has handled its own click.
    later(r, 0, () => {
      if (r.index === index && !r.waiting && stepValid(r, index) && pressable(el)) advance(r, index);
    });
  };
  const onResize = () => {
    if (!tourFitsViewport(window.innerWidth, window.innerHeight)) closeTour();
  };
  const onRoute = () =>
    later(r, 0, () => {
      if (window.location.pathname !== r.expectedPath) closeTour();
    });
  const offLocale = i18n.on('change', () => restart(r));
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('pointerdown', onPointer, true);
  window.addEventListener('mousedown', onPointer, true);
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  document.addEventListener('click', onClick, true);
  window.addEventListener('resize', onResize);
  window.addEventListener('popstate', onRoute);
  return () => {
    offLocale();
    window.removeEventListener('keydown', onKeyDown, true);
    window.removeEventListener('pointerdown', onPointer, true);
    window.removeEventListener('mousedown', onPointer, true);
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onInput, true);
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('resize', onResize);
    window.removeEventListener('popstate', onRoute);
  };
}

/**
 * Starts a section for the signed-in user. Returns false (and does nothing) when the user has no role, the
 * section is not for the role or has no page here (no client selected, goals of a family), or the window is
 * under 1024 x 650. A running tour is replaced.
 */
export function startTour(section: TourSection, options: TourStartOptions = {}): boolean {
  if (typeof window === 'undefined') return false;
  const { user, selection } = sessionStore.get();
  const role = user?.role;
  if (!role) return false;
  const basePath = options.basePath ?? tourBasePath(role, window.location.pathname, selection);
  if (sectionBlock(section, role, basePath) !== null) return false;
  if (!tourFitsViewport(window.innerWidth, window.innerHeight)) return false;
  const active = document.activeElement;
  const opener =
    run?.opener ?? (active instanceof HTMLElement && active !== document.body && !inPopover(active) ? active : null);
  if (run) closeTour();

  const navigate = options.navigate ?? portalNavigate;
  const startPath = sectionStartPath(section, basePath) ?? window.location.pathname;
  let expectedPath = window.location.pathname;
  if (options.goToStart !== false && startPath !== window.location.pathname) {
    expectedPath = startPath;
    navigate(startPath);
  }
  const steps = TOUR_SECTION_STEPS[section];
  const r: Run = {
    section,
    steps,
    basePath: basePath ?? '',
    navigate,
    driver: null as unknown as Driver,
    index: 0,
    opener,
    expectedPath,
    waiting: false,
    pressing: false,
    lastFocus: null,
    timers: new Set(),
    detach: () => {},
  };
  run = r;
  r.driver = createDriver(r);
  r.detach = attach(r);
  set({ ...IDLE, active: true, section, count: steps.length, target: steps[0]?.target ?? null });
  r.driver.drive(0);
  return true;
}

/** Next: disabled until the step's field is filled; presses a `press` step's button; finishes after the last. */
export function nextStep(): void {
  const r = run;
  if (!r || r.waiting) return;
  const index = r.index;
  const step = r.steps[index];
  if (!stepValid(r, index)) {
    refresh(r);
    return;
  }
  if (step?.press) {
    const el = findTourTarget(step.target);
    if (el && !pressable(el)) {
      (el as HTMLButtonElement).form?.reportValidity();
      return;
    }
    if (el) {
      r.pressing = true;
      try {
        el.click();
      } finally {
        r.pressing = false;
      }
    }
  }
  advance(r, index);
}

/** Back one step (not back across the page change after the goal submit step). */
export function previousStep(): void {
  const r = run;
  if (!r || r.waiting || r.index === 0 || r.steps[r.index - 1]?.thenPosition) return;
  go(r, r.index - 1);
}

/** Closes the tour: the overlay goes, the tour form and the setStepValid marks reset, focus returns. */
export function closeTour(): void {
  const r = run;
  if (!r) return;
  run = null;
  for (const timer of r.timers) clearTimeout(timer);
  r.timers.clear();
  r.detach();
  r.driver.destroy();
  overrides.clear();
  set(IDLE);
  if (r.opener?.isConnected) r.opener.focus({ preventScroll: true });
}

/**
 * For pages whose required field is not a plain input the tour can read: marks a step's field as filled (or
 * not). `target` is the step's data-tour value. Marks last until the tour ends.
 */
export function setStepValid(target: TourTarget, valid: boolean): void {
  overrides.set(target, valid);
  const r = run;
  if (r && r.steps[r.index]?.target === target) refresh(r);
}

/** The tour's state and actions for React: re-renders on every change. */
export function useTour() {
  const current = useSyncExternalStore(subscribeTour, getTourState, getTourState);
  return {
    ...current,
    start: startTour,
    next: nextStep,
    back: previousStep,
    close: closeTour,
    setStepValid,
  };
}
