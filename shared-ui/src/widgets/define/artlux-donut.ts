// Side-effect module: registers <pt-artlux-donut> (and imports only that element).
import { ARTLUX_DONUT_TAG, ArtLuxDonutElement } from '../ArtLuxDonutElement.ts';
import { defineWidget } from './register.ts';

defineWidget(ARTLUX_DONUT_TAG, ArtLuxDonutElement);
