// The widgets' tags in React's JSX (the thin wrappers render them). React 19 sets a custom element's known
// properties as properties (the elements reflect them to attributes) and the others as attributes.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ArtLuxDonutElement } from './ArtLuxDonutElement.ts';
import type { BusinessChartElement } from './BusinessChartElement.ts';
import type { FeeTableElement } from './FeeTableElement.ts';
import type { PerformanceBarsElement } from './PerformanceBarsElement.ts';
import type { PortfolioDonutElement } from './PortfolioDonutElement.ts';
import type { ProjectionBandElement } from './ProjectionBandElement.ts';
import type { TrendWaterfallElement } from './TrendWaterfallElement.ts';
import type { WealthTotalElement } from './WealthTotalElement.ts';

type ElementProps<E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E>;

/** The attributes every widget has (data as JSON text, or src with token). */
interface CommonAttributes {
  data?: string | undefined;
  src?: string | undefined;
  token?: string | undefined;
  'date-from'?: string | undefined;
  'date-to'?: string | undefined;
  label?: string | undefined;
  heading?: string | undefined;
  currency?: string | undefined;
}

interface ChartAttributes extends CommonAttributes {
  height?: number | undefined;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pt-portfolio-donut': ElementProps<PortfolioDonutElement> &
        ChartAttributes & {
          slices?: string;
          'total-label'?: string | undefined;
        };
      'pt-fee-table': ElementProps<FeeTableElement> & CommonAttributes;
      'pt-performance-bars': ElementProps<PerformanceBarsElement> & ChartAttributes;
      'pt-trend-waterfall': ElementProps<TrendWaterfallElement> & ChartAttributes;
      'pt-business-chart': ElementProps<BusinessChartElement> & ChartAttributes;
      'pt-artlux-donut': ElementProps<ArtLuxDonutElement> & ChartAttributes & { 'total-label'?: string | undefined };
      'pt-projection-band': ElementProps<ProjectionBandElement> & ChartAttributes;
      'pt-wealth-total': ElementProps<WealthTotalElement> & CommonAttributes;
    }
  }
}
