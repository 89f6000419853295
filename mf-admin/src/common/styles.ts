// The admin pages' stylesheet, injected once into the document head.
import { injectStylesheet } from '@patrimonio/shared-ui';
import css from './admin.css';

export const injectAdminStyles = () => injectStylesheet('mf-admin-styles', css);
