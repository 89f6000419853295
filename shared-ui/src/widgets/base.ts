// The element class every widget shares: r2wc (React in an open shadow root) with the common attributes (data,
// src, token, date-from, date-to, label, heading, lang) plus the widget's own, the `data` property (an object,
// reflected to the attribute as JSON) and the read-only `state` (reflected as `data-state`).
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { parseJsonAttribute } from './attributes.ts';
import { widgetElement } from './element.ts';
import type { PtStateChangeEvent, WidgetState } from './source.ts';

type AttributeType = 'string' | 'number' | 'boolean';

/** The common attributes, by their prop names (r2wc maps dateFrom to the `date-from` attribute). */
export const COMMON_WIDGET_PROPS = {
  data: 'string',
  src: 'string',
  token: 'string',
  dateFrom: 'string',
  dateTo: 'string',
  label: 'string',
  heading: 'string',
  lang: 'string',
} as const satisfies Record<string, AttributeType>;

/** The class of a widget element whose figures have the shape D. */
export interface WidgetElementClass<D> {
  new (): WidgetElementBase<D>;
  prototype: WidgetElementBase<D>;
}

export interface WidgetElementBase<D> extends HTMLElement {
  data: D | null;
  src: string | undefined;
  token: string | undefined;
  dateFrom: string | undefined;
  dateTo: string | undefined;
  label: string | undefined;
  heading: string | undefined;
  readonly state: WidgetState;
}

export function widgetClass<D, P extends object>(
  Component: ComponentType<P>,
  own: Record<string, AttributeType> = {},
): WidgetElementClass<D> {
  // Outside a browser (Node tests import shared-ui) there is no HTMLElement: the class is inert there and never defined.
  if (typeof HTMLElement === 'undefined') return class {} as unknown as WidgetElementClass<D>;
  const Base = widgetElement(
    r2wc(Component, { shadow: 'open', props: { ...COMMON_WIDGET_PROPS, ...own } as Record<never, AttributeType> }),
  );
  class WidgetElement extends Base {
    /** The figures (parsed from the `data` attribute); set an object, it is reflected to the attribute as JSON. */
    get data(): D | null {
      return parseJsonAttribute<D | null>(this.getAttribute('data'), null, 'data');
    }
    set data(value: D | string | null | undefined) {
      if (value === null || value === undefined) this.removeAttribute('data');
      else this.setAttribute('data', typeof value === 'string' ? value : JSON.stringify(value));
    }

    /** 'loading', 'empty', 'error' or 'ready' (the `data-state` attribute). */
    get state(): WidgetState {
      return (this.getAttribute('data-state') as WidgetState | null) ?? 'loading';
    }
  }
  return WidgetElement as unknown as WidgetElementClass<D>;
}

declare global {
  /** Every widget's state change bubbles out of its shadow root (composed). */
  interface GlobalEventHandlersEventMap {
    'pt-state-change': PtStateChangeEvent;
  }
}
