// The pending-movements page's stylesheet, injected once into the document head (its own guarded <style> element).
import css from './approve.css';

export const STYLE_ID = 'mf-middleoffice-approve-styles';

export function injectApproveStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
