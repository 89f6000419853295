// Dates as the spec's L and LT formats: day/month/year in both languages (21/11/2026; English is British, en-GB,
// as the language switcher's UK flag says: issue 22); times as 24-hour HH:mm in both. API dates are YYYY-MM-DD; date-times YYYY-MM-DD HH:mm.
import { currentLocale, type Locale } from '../i18n/locale.ts';
import { DASH } from './numbers.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-21' (or a date-time starting with it) to L: '21/11/2026' in Italian and in (British) English. */
export function formatDate(iso: string | null | undefined, _locale: Locale = currentLocale()): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  if (!m) return DASH;
  const [, y, mo, d] = m;
  return `${d}/${mo}/${y}`;
}

/** '2026-11-21 09:30' or '2026-11-21T09:30:00Z' to L LT; a trailing Z (UTC) is shown in local time. */
export function formatDateTime(iso: string | null | undefined, locale: Locale = currentLocale()): string {
  if (!iso) return DASH;
  if (/Z$|[+-]\d{2}:\d{2}$/.test(iso)) {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return DASH;
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    return `${formatDate(local, locale)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(iso);
  return m ? `${formatDate(m[1], locale)} ${m[2]}:${m[3]}` : formatDate(iso, locale);
}

/** Today as YYYY-MM-DD in local time. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYY-MM-DD plus n days (calendar arithmetic in UTC, so no daylight-saving drift). */
export function addDaysIso(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
