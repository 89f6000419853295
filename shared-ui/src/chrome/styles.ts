// The global stylesheet of the portal, injected once into the document head.
import css from './styles.css';

const STYLE_ID = 'pt-styles';

export function injectStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.prepend(style);
}
