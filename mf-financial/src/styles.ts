// The pages' stylesheet, injected once by the app into the document head (its own guarded <style> element).
import css from './styles.css';

export const STYLE_ID = 'mf-financial-styles';

export function injectFinancialStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
