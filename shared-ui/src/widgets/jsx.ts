// The widgets' tags in React's JSX (the thin wrappers render them). React 19 sets a custom element's known
// properties as properties (the elements reflect them to attributes) and the others as attributes.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { FeeTableElement } from './FeeTableElement.ts';
import type { PortfolioDonutElement } from './PortfolioDonutElement.ts';

type ElementProps<E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pt-portfolio-donut': ElementProps<PortfolioDonutElement> & {
        slices?: string;
        label?: string | undefined;
        'total-label'?: string | undefined;
        currency?: string | undefined;
        height?: number | undefined;
      };
      'pt-fee-table': ElementProps<FeeTableElement> & {
        data?: string;
        label?: string | undefined;
        currency?: string | undefined;
      };
    }
  }
}
