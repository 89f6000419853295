// This app's page styles, injected once into the document head when a page first renders (the shared-ui
// stylesheet holds the tokens and the chrome; these classes are prefixed pt-ov-).
import css from './styles.css';

const STYLE_ID = 'pt-overview-styles';

export function injectOverviewStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
