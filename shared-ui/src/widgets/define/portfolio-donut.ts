// Side-effect module: registers <pt-portfolio-donut> (and imports only that element).
import { PORTFOLIO_DONUT_TAG, PortfolioDonutElement } from '../PortfolioDonutElement.ts';
import { defineWidget } from './register.ts';

defineWidget(PORTFOLIO_DONUT_TAG, PortfolioDonutElement);
