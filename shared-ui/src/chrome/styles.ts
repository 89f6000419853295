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

/**
 * A stylesheet injected once into the document head as its own <style id>: an app's pages call it with their CSS
 * (imported as a string); shared-ui's own goes first so that the apps' rules come after it.
 */
export function injectStylesheet(id: string, text: string, options: { first?: boolean } = {}): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = text;
  if (options.first) document.head.prepend(style);
  else document.head.appendChild(style);
}

export function injectStyles(): void {
  injectStylesheet(STYLE_ID, css, { first: true });
}
