// The human-capital page's stylesheet, injected once into the document head.
import { injectStylesheet } from '@patrimonio/shared-ui';
import css from './human-capital.css';

export const injectHumanCapitalStyles = () => injectStylesheet('mf-planning-human-capital-styles', css);
