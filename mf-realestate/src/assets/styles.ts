// The family business and art and luxury pages' stylesheet, injected once into the document head (its own guarded
// <style> element, as the other apps do).
import css from './styles.css';

export const STYLE_ID = 'mf-realestate-assets-styles';

export function injectAssetStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
