// The pending-movements page's stylesheet, injected once into the document head.
import { injectStylesheet } from '@patrimonio/shared-ui';
import css from './approve.css';

export const injectApproveStyles = () => injectStylesheet('mf-middleoffice-approve-styles', css);
