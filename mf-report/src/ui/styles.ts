// The report dialogs' stylesheet, injected once into the document head (its own guarded <style> element).
import css from './styles.css';

const STYLE_ID = 'mf-report-styles';

export function injectReportStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
