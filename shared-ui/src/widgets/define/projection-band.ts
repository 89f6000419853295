// Side-effect module: registers <pt-projection-band> (and imports only that element).
import { PROJECTION_BAND_TAG, ProjectionBandElement } from '../ProjectionBandElement.ts';
import { defineWidget } from './register.ts';

defineWidget(PROJECTION_BAND_TAG, ProjectionBandElement);
