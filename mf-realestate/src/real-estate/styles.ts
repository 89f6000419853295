// The real-estate page's stylesheet, injected once into the document head (its own guarded <style> element).
import css from './styles.css';

export const STYLE_ID = 'mf-realestate-real-estate-styles';

export function injectRealEstateStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
