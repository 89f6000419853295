// The global stylesheet of the portal, injected once into the document head.
import charts from '../charts/charts.css';
import forms from '../forms/forms.css';
import map from '../map/map.css';
import page from '../page/page.css';
import table from '../table/table.css';
import tour from '../tour/tour.css';
import widgets from '../widgets/widgets.css';
import chrome from './styles.css';

// One stylesheet per area of shared-ui, injected together.
const css = [chrome, page, table, charts, forms, tour, widgets, map].join('\n');

const STYLE_ID = 'pt-styles';

export function injectStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.prepend(style);
}
