// The goals and simulations pages' stylesheet, injected once into the document head.
import { injectStylesheet } from '@patrimonio/shared-ui';
import css from './goals.css';

export const injectGoalsStyles = () => injectStylesheet('mf-planning-goals-styles', css);
