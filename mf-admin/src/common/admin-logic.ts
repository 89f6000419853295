// The rules of the admin's own pages (the panel with its users tab, the audit) as pure functions: the tab and the
// filters kept in the URL, a user's form to and from the contract's bodies, and what an audited write changed.
import type { AdminUser, Permission, Role, UserCreate, UserUpdate } from '@patrimonio/shared-api';
import { readId } from './logic.ts';

// ---- The panel's tabs: /caronte-panel (today) and /caronte-panel?tab=users ----

export const PANEL_TABS = ['today', 'users'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

export const readPanelTab = (search: string): PanelTab =>
  new URLSearchParams(search).get('tab') === 'users' ? 'users' : 'today';
export const panelTabPath = (tab: PanelTab): string =>
  tab === 'users' ? '/caronte-panel?tab=users' : '/caronte-panel';

// ---- The audit's filters: /caronte-audit?userId=3&entity=client&action=update&from=2026-11-01&to=2026-11-20 ----

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface AuditFilters {
  userId: number | null;
  entity: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
}
export function readAuditFilters(search: string): AuditFilters {
  const p = new URLSearchParams(search);
  const text = (k: string) => {
    const v = p.get(k)?.trim();
    return v && v.length <= 100 ? v : null;
  };
  const day = (k: string) => {
    const v = p.get(k);
    return v && ISO_DAY.test(v) ? v : null;
  };
  return {
    userId: readId(p.get('userId')),
    entity: text('entity'),
    action: text('action'),
    from: day('from'),
    to: day('to'),
  };
}
export function auditFiltersPath(f: AuditFilters): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `/caronte-audit?${qs}` : '/caronte-audit';
}

/** The audit's query: the filters that are set, the dates in order (a range typed backwards is swapped). */
export function auditQuery(f: AuditFilters, size: number) {
  const [from, to] = f.from && f.to && f.from > f.to ? [f.to, f.from] : [f.from, f.to];
  return {
    size,
    ...(f.userId !== null ? { userId: f.userId } : {}),
    ...(f.entity ? { entity: f.entity } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

// ---- A user's form ----

/** The links of a role: a BASIC user is one client, a DELEGATE works for one PRO (with permissions). */
export const needsClient = (role: Role | ''): boolean => role === 'BASIC';
export const needsPro = (role: Role | ''): boolean => role === 'DELEGATE';

export interface UserForm {
  login: string;
  name: string;
  email: string;
  role: Role | '';
  clientId: string;
  proId: string;
  permissions: Permission[];
  active: boolean;
}

export function userFormOf(u: AdminUser | null): UserForm {
  return {
    login: u?.login ?? '',
    name: u?.name ?? '',
    email: u?.email ?? '',
    role: u?.role ?? '',
    clientId: u?.clientId ? String(u.clientId) : '',
    proId: u?.proId ? String(u.proId) : '',
    permissions: u ? [...u.permissions] : [],
    active: u?.active ?? true,
  };
}

const idOf = (v: string): number | null => (v ? Number(v) : null);

/** The links the role keeps (the others null or empty, as the contract asks). */
function links(v: UserForm) {
  return {
    clientId: needsClient(v.role) ? idOf(v.clientId) : null,
    proId: needsPro(v.role) ? idOf(v.proId) : null,
    permissions: needsPro(v.role) ? v.permissions : [],
  };
}

export function createUserBody(v: UserForm): UserCreate {
  return {
    login: v.login.trim(),
    name: v.name.trim(),
    email: v.email.trim(),
    role: v.role as Role,
    ...links(v),
  };
}

export function updateUserBody(v: UserForm): UserUpdate {
  const email = v.email.trim();
  return { name: v.name.trim(), email: email || null, ...links(v), active: v.active };
}

/** A BASIC user without its client, a DELEGATE without its PRO: 'required' on the field. */
export function userRefine(body: { clientId: number | null; proId: number | null }, v: UserForm) {
  return {
    clientId: needsClient(v.role) && body.clientId === null ? 'required' : undefined,
    proId: needsPro(v.role) && body.proId === null ? 'required' : undefined,
  };
}

/** Who a user is linked to: its client (BASIC) or its PRO (DELEGATE). */
export const userLink = (u: Pick<AdminUser, 'clientName' | 'proName'>): string => u.clientName ?? u.proName ?? '';

// ---- What an audited write changed ----

export interface ChangedKey {
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The keys whose value differs between before and after, sorted, when both are objects (an update); null when one
 * of them is not an object (a creation, a deletion, a value that is not a row): the page then shows both as they are.
 */
export function changedKeys(before: unknown, after: unknown): ChangedKey[] | null {
  if (!isRecord(before) || !isRecord(after)) return null;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}

/** A value as readable JSON (indented); absent values read as an empty string. */
export const readableJson = (v: unknown): string => (v === undefined ? '' : JSON.stringify(v, null, 2));
