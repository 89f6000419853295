// The access matrix (access-matrix.test.ts): the rules of who may call what, stated once, and one case per contract
// route saying which rule applies and how to build a request on an id of a given scope. The test derives the expected
// status of every cell (route x demo login x scope, plus no token) from the rules below, never from the server.
//
// Sources of the rules: DESIGN.md section 3 (statuses, who sees what, testing data), data-and-admin.md section 6
// (roles and permissions) and the decisions recorded in the route modules and their tests (quoted where used).
import type { Permission, Role, RouteName } from '@patrimonio/shared-api';
import { isValidIsin } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import { italianIban, taxCode as taxCodeOf, vat as vatOf } from '../db/demo/ids.ts';
import { DEMO_ACCOUNTS } from '../db/seed-demo.ts';
import type { DemoLogin } from '../testing/api-caller.ts';
import { ADMIN_CASES } from './access-matrix.admin.cases.ts';
import { CONTROL_CASES } from './access-matrix.controls.cases.ts';
import { DELEGATE_CASES } from './access-matrix.delegates.cases.ts';
import { EXCHANGE_CASES } from './access-matrix.exchange.cases.ts';
import { PLANNING_CASES } from './access-matrix.planning.cases.ts';
import { PRACTICE_DOCS_CASES } from './access-matrix.practice-docs.cases.ts';
import { REAL_ESTATE_CASES } from './access-matrix.real-estate.cases.ts';
import { REPORT_CASES } from './access-matrix.report.cases.ts';
import { SHARE_LUX_CASES } from './access-matrix.shares-lux.cases.ts';
import { SUBSCRIPTION_CASES } from './access-matrix.subscriptions.cases.ts';
import { WIDGET_CASES } from './access-matrix.widgets.cases.ts';

export type Login = DemoLogin;
/** The two advisers' books of clients: `pro` (Mario Rossi, the BASIC user's client, and others) and `pro2`. */
export type Tenant = 'pro' | 'pro2';
/**
 * none: the call names no id of a tenant. own: an id of the caller's tenant (for BASIC, of its own client).
 * foreign: an id of the other tenant. testing: a testing portfolio or account (or a movement on one) of the caller's
 * tenant.
 */
export type Scope = 'none' | 'own' | 'foreign' | 'testing';

// ---------------------------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------------------------

interface Who {
  role: Role;
  permissions: readonly Permission[];
  home: Tenant;
}

/** A demo login's role, permissions and tenant, as the demo seed defines them (staff are given `pro` as home). */
export function who(login: Login): Who {
  const a = DEMO_ACCOUNTS.find((x) => x.login === login);
  if (!a) throw new Error(`${login} is not a demo account`);
  const home = (a.proLogin ?? (a.role === 'PRO' ? a.login : 'pro')) as Tenant;
  return { role: a.role, permissions: (a.permissions ?? []) as Permission[], home };
}

const isStaff = (role: Role) => role === 'ADMIN' || role === 'BACK_OFFICE';

/** Who may make a call at all. A role outside the gate answers 403 whatever the ids (the role is refused outright). */
export type Gate =
  | 'everyone'
  | 'managers'
  | 'staff'
  | 'approvers'
  | 'controllers'
  | 'reporters'
  | 'advisers'
  | 'admins'
  | 'fileExchange'
  | 'practice'
  | 'payers';
export const GATES: Record<Gate, (role: Role, permissions: readonly Permission[]) => boolean> = {
  // Every signed-in role: reads (each sees what DESIGN.md 3 lets it see), the profile and the tour ("Tour exists only
  // for logged-in users with a role"), reference data.
  everyone: () => true,
  // data-and-admin 6: "ADMIN, BACK_OFFICE, DELEGATE, advisers: manage clients and families"; BASIC: "own data only",
  // no client or family list, and it writes no financial data ("BASIC reads its own and writes nothing (403)",
  // portfolios.ts, accounts.ts, movements.ts, uploads.ts).
  managers: (role) => role !== 'BASIC',
  // Instruments, prices and FX rates are reference data written by ADMIN and BACK_OFFICE only (stocks contract).
  staff: (role) => isStaff(role),
  // data-and-admin 6: "DELEGATE fetches pending movements only with permission APPROVE_MOVEMENT" (the middle office,
  // DESIGN.md 3); BASIC has no middle office.
  approvers: (role, permissions) =>
    role !== 'BASIC' && (role !== 'DELEGATE' || permissions.includes('APPROVE_MOVEMENT')),
  // The reconciliation controls (issue 16, spec portal-and-report 2 and 6): "DELEGATE ... MANAGE_CONTROL" gates them
  // for a DELEGATE; BASIC has no middle office.
  controllers: (role, permissions) =>
    role !== 'BASIC' && (role !== 'DELEGATE' || permissions.includes('MANAGE_CONTROL')),
  // The report is downloaded by advisers, their delegates and clients: "No download for ADMIN and BACK_OFFICE"
  // (issue 7, report dialog), so they read no report logo either.
  reporters: (role) => !isStaff(role),
  // The report logo is the professional's own: "no logo upload for DELEGATE" (issue 7); BASIC writes nothing.
  advisers: (role) => role === 'PRO',
  // The admin area: users, the audit table (/caronte-audit), the dashboard and the file exchange's servers
  // (issue 17, spec portal-and-report 2: "ADMIN: /caronte-panel, /caronte-server, /caronte-audit").
  admins: (role) => role === 'ADMIN',
  // "ADMIN and BACK_OFFICE: /counterparts, /file-log, /import-activity, /caronte-mapping".
  fileExchange: (role) => isStaff(role),
  // A practice's subscription (issue 19): the PRO's, read by its DELEGATEs too.
  practice: (role) => role === 'PRO' || role === 'DELEGATE',
  // A client's card payment: its adviser's practice or the client itself; staff record bank transfers instead.
  payers: (role) => role === 'PRO' || role === 'DELEGATE' || role === 'BASIC',
};

/** What the id of a call belongs to, which decides between success, 404 and (for 'creator') 403. */
export type Visibility =
  /** A client's data (the client, its portfolios, accounts, movements, onboardings): DESIGN.md 3. */
  | 'tenant'
  /** Families: as 'tenant', but a BASIC user sees none (data-and-admin 6: BASIC does not work with families). */
  | 'family'
  /** Reference data (intermediaries, branches, instruments): every signed-in role sees every id. */
  | 'shared'
  /**
   * Reference data that only ADMIN, BACK_OFFICE or its creator may change (intermediaries and branches; a branch also
   * by its intermediary's creator). The record is visible to all, so refusing another's reveals nothing: 403, not
   * 404 (intermediaries.ts, intermediaries.test.ts).
   */
  | 'creator';

/**
 * Whether a login sees the clients of a tenant (DESIGN.md 3): ADMIN and BACK_OFFICE all; a PRO its own; a DELEGATE
 * its PRO's; a BASIC user only its own client record, which is why every `pro` object of the cases hangs on Mario
 * Rossi, the BASIC user's client.
 */
export function seesTenant(login: Login, tenant: Tenant): boolean {
  const w = who(login);
  return isStaff(w.role) || w.home === tenant;
}

/** Testing portfolios and accounts: only ADMIN, BACK_OFFICE or an impersonating session (no demo login impersonates). */
export const seesTesting = (login: Login): boolean => isStaff(who(login).role);

/** The tenant a scope's ids belong to, for a caller (no token: as if it were pro's). */
export const tenantOf = (login: Login | null, scope: Scope): Tenant => {
  const home = login ? who(login).home : 'pro';
  return scope === 'foreign' ? (home === 'pro' ? 'pro2' : 'pro') : home;
};

/** Whether the caller sees the object a scope names, by the case's visibility. */
export function sees(c: RouteCase, login: Login, scope: Scope): boolean {
  if (scope === 'none') return true;
  const tenant = tenantOf(login, scope);
  switch (c.visibility) {
    case 'shared':
    case 'creator':
      return true;
    case 'family':
      return who(login).role !== 'BASIC' && seesTenant(login, tenant);
    case 'tenant':
      return seesTenant(login, tenant) && (scope !== 'testing' || seesTesting(login));
  }
}

/**
 * The expected status of a cell (DESIGN.md 3): 401 without a token; 403 for a role that may not make the call; 404 for
 * an id the caller may not see (never 403, which would reveal that it exists); for 'creator' data a non-creator gets
 * 403; otherwise the route's success status.
 */
export function expectedStatus(c: RouteCase, login: Login | null, scope: Scope): number {
  if (login === null) return 401;
  const w = who(login);
  if (!GATES[c.gate](w.role, w.permissions)) return 403;
  if (!sees(c, login, scope)) return 404;
  if (c.visibility === 'creator' && scope !== 'own' && !isStaff(w.role)) return 403;
  return c.ok ?? 200;
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: fresh rows per cell, written straight to the database (test data, not under test)
// ---------------------------------------------------------------------------------------------------------------

type One = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T>;

export const MATRIX_CSV_HEADER = 'date;cause;subcause;isin;quantity;price;amount;currency;description';

export class Fixtures {
  private n = 0;

  private constructor(
    private readonly one: One,
    readonly users: Record<Login, number>,
    /** Each tenant's client: Mario Rossi (pro's, the BASIC user's own) and Giovanni Ferrari (pro2's). */
    readonly clients: Record<Tenant, number>,
    /** An intermediary for the accounts the fixtures create. */
    readonly fi: number,
  ) {}

  static async load(one: One, logins: readonly Login[]): Promise<Fixtures> {
    const users = {} as Record<Login, number>;
    for (const login of logins)
      users[login] = Number((await one<{ id: number }>('select id from users where login = $1', [login])).id);
    const client = async (taxCode: string) =>
      Number((await one<{ id: number }>('select id from clients where tax_code = $1', [taxCode])).id);
    const clients = { pro: await client('RSSMRA80A01H501U'), pro2: await client('FRRGNN58T10D612I') };
    const basic = await one<{ client_id: number }>("select client_id from users where login = 'client'");
    if (Number(basic.client_id) !== clients.pro) throw new Error('the demo BASIC user is expected to be Mario Rossi');
    const fi = await one<{ id: number }>(
      "insert into financial_intermediaries (name, fi_type, abi) values ('Banca Matrice', 'CREDIT_INSTITUTE', '05428') returning id",
    );
    return new Fixtures(one, users, clients, Number(fi.id));
  }

  /** A number unique within the run. */
  seq(): number {
    return ++this.n;
  }
  name(prefix: string): string {
    return `${prefix} ${this.seq()}`;
  }
  /** A valid codice fiscale no client has ('MTX' as the first-name letters). */
  taxCode(): string {
    const n = this.seq();
    const surname = [n % 26, Math.floor(n / 26) % 26, Math.floor(n / 676) % 26]
      .map((i) => String.fromCharCode(65 + i))
      .join('');
    return taxCodeOf(`${surname}MTX80A01H501`);
  }
  /** A valid partita IVA no client has. */
  vat(): string {
    return vatOf(`09${String(this.seq()).padStart(8, '0')}`);
  }
  /** A valid ISIN no instrument has. */
  isin(): string {
    const base = `XS${String(this.seq()).padStart(9, '0')}`;
    for (let d = 0; d <= 9; d++) if (isValidIsin(`${base}${d}`)) return `${base}${d}`;
    throw new Error(`no check digit for ${base}`);
  }
  /** A valid Italian IBAN no account has. */
  iban(): string {
    return italianIban('05428', '11101', String(700000 + this.seq()));
  }
  /** A day no FX rate of the demo data has (the demo series starts years later). */
  day(): string {
    return new Date(Date.UTC(1990, 0, 1) + this.seq() * 86_400_000).toISOString().slice(0, 10);
  }

  /** The id of the row an `insert ... returning id` wrote: for the per-domain case files' own fixtures. */
  async insertId(sql: string, params: unknown[] = []): Promise<number> {
    return this.id(sql, params);
  }

  private async id(sql: string, params: unknown[] = []): Promise<number> {
    return Number((await this.one<{ id: number }>(sql, params)).id);
  }

  /** A new client of the tenant's PRO: a person, or a company (with a registry id, so it may be edited). */
  newClient(
    tenant: Tenant,
    kind: 'person' | 'company' = 'person',
    email: string | null = null,
    lastName = this.name('Matrice'),
  ): Promise<number> {
    return kind === 'person'
      ? this.id('insert into clients (last_name, email, created_by) values ($1, $2, $3) returning id', [
          lastName,
          email,
          this.users[tenant],
        ])
      : this.id(
          'insert into clients (company, company_name, atoka_id, email, created_by) values (true, $1, $2, $3, $4) returning id',
          [this.name('Matrice S.r.l.'), `atk-matrix-${this.seq()}`, email, this.users[tenant]],
        );
  }

  /** A new family of the tenant's PRO with the tenant's client as its member. */
  async family(
    tenant: Tenant,
    name = this.name(`Famiglia Matrice ${tenant}`),
  ): Promise<{ id: number; member: number }> {
    const id = await this.id('insert into families (name, created_by) values ($1, $2) returning id', [
      name,
      this.users[tenant],
    ]);
    await this.one('insert into family_members (family_id, client_id, weight) values ($1, $2, 1)', [
      id,
      this.clients[tenant],
    ]);
    return { id, member: this.clients[tenant] };
  }

  portfolio(tenant: Tenant, testing: boolean): Promise<number> {
    return this.id('insert into portfolios (client_id, name, testing) values ($1, $2, $3) returning id', [
      this.clients[tenant],
      this.name('Portafoglio Matrice'),
      testing,
    ]);
  }

  /** A new account of the tenant's client, in a new portfolio of the same testing flag. */
  async account(tenant: Tenant, testing: boolean, iban: string | null = null) {
    const portfolioId = await this.portfolio(tenant, testing);
    const accountId = await this.id(
      `insert into accounts (client_id, account_type, name, iban, financial_intermediary_id, testing)
       values ($1, 'CUSTODIA_TITOLI', $2, $3, $4, $5) returning id`,
      [this.clients[tenant], this.name('Dossier Matrice'), iban, this.fi, testing],
    );
    await this.one('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [
      portfolioId,
      accountId,
    ]);
    return { accountId, portfolioId };
  }

  /** A new movement on a new account (in a new portfolio) of the tenant's client. */
  async movement(tenant: Tenant, testing: boolean) {
    const { accountId, portfolioId } = await this.account(tenant, testing);
    const id = await this.id(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
       select a.id, a.client_id, '2024-03-01 10:00', 'DEPOSIT', a.currency_id, 100, 'PENDING' from accounts a
        where a.id = $1 returning id`,
      [accountId],
    );
    return { id, accountId, portfolioId };
  }

  intermediary(createdBy: number): Promise<number> {
    return this.id(
      "insert into financial_intermediaries (name, fi_type, created_by) values ($1, 'TRUST', $2) returning id",
      [this.name('Fiduciaria Matrice'), createdBy],
    );
  }

  /** A new branch of a new intermediary, both created by the same user. */
  async branch(createdBy: number) {
    const intermediaryId = await this.intermediary(createdBy);
    const id = await this.id(
      'insert into branches (financial_intermediary_id, name, created_by) values ($1, $2, $3) returning id',
      [intermediaryId, this.name('Filiale Matrice'), createdBy],
    );
    return { id, intermediaryId };
  }

  async instrument() {
    const isin = this.isin();
    const id = await this.id(
      `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class)
       values ($1, $2, (select id from currencies where iso = 'EUR'), 'Azionario', 'Equity') returning id`,
      [isin, this.name('Titolo Matrice')],
    );
    return { id, isin };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The cases: one per contract route
// ---------------------------------------------------------------------------------------------------------------

export interface Ctx {
  login: Login | null;
  scope: Scope;
  /** The tenant the scope's ids belong to. */
  tenant: Tenant;
  testing: boolean;
  /** Whose 'creator' data the call acts on: the caller itself (own) or the other tenant's PRO (foreign). */
  creator: number;
  /**
   * A BASIC user's own client is Mario Rossi: writes on "its own" client record must name that record (refused by the
   * role gate anyway), while everyone else gets a fresh client of the tenant.
   */
  basicOwn: boolean;
  fx: Fixtures;
}

export interface Req {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** multipart/form-data: text fields and one CSV file (or a given file, or none) in the field `file`. */
  upload?: {
    fields: Record<string, string | number>;
    csv?: string;
    file?: { name: string; type: string; bytes: Uint8Array };
  };
  /** Checks on a successful answer that the status alone cannot show (what the caller may not see is not there). */
  verify?: (body: unknown) => void;
}

export interface RouteCase {
  gate: Gate;
  visibility: Visibility;
  scopes: readonly Scope[];
  /** Success status (default 200). */
  ok?: number;
  /**
   * Whether the call writes (default: any method but GET): a refused call must leave the database as it was, an
   * allowed one adds to the audit log.
   */
  writes?: boolean;
  /** A write that answers the existing row when repeated (nothing new to audit). */
  idempotent?: boolean;
  request(c: Ctx): Promise<Req>;
}

const OWNED = ['own', 'foreign'] as const;
const WITH_TESTING = ['own', 'foreign', 'testing'] as const;
const NONE = ['none'] as const;

/** The client a write on a client record targets (see Ctx.basicOwn). */
const writableClient = (c: Ctx, kind: 'person' | 'company' = 'person', email: string | null = null) =>
  c.basicOwn ? Promise.resolve(c.fx.clients.pro) : c.fx.newClient(c.tenant, kind, email);

const deposit = (accountId: number, amount = 1000) => ({
  accountId,
  dateTime: '2024-05-02 09:30',
  cause: 'DEPOSIT',
  amount,
});

const ids = (body: unknown) => (body as { id: number | null }[]).map((x) => x.id);
const itemIds = (body: unknown) => ids((body as { item: { id: number }[] }).item);

/**
 * Lists of a client's portfolios or accounts hold the testing ones only for those who see testing data: a testing
 * object of the same client is created and looked for in the answer.
 */
async function listedTesting(c: Ctx, kind: 'portfolio' | 'account', read: (body: unknown) => (number | null)[]) {
  const testing =
    kind === 'portfolio' ? await c.fx.portfolio(c.tenant, true) : (await c.fx.account(c.tenant, true)).accountId;
  return (body: unknown) => {
    if (c.login) expect(read(body).includes(testing), `testing ${kind} ${testing} listed`).toBe(seesTesting(c.login));
  };
}

/** A list holds a new object of each tenant exactly when the caller sees that tenant (no other tenant's rows). */
const listsTenants =
  (c: Ctx, made: Record<Tenant, number>, read: (body: unknown) => (number | null)[]) => (body: unknown) => {
    for (const tenant of ['pro', 'pro2'] as const)
      if (c.login) expect(read(body).includes(made[tenant]), `${tenant}'s listed`).toBe(seesTenant(c.login, tenant));
  };

/** The validation of another tenant's code: named to staff, else the one "cannot be added" answer (issue 13). */
const crossTenantValidation = (c: Ctx) => (body: unknown) => {
  if (c.login && isStaff(who(c.login).role))
    expect(body).toMatchObject({ valid: false, reason: 'duplicate_client', existingClient: expect.any(Object) });
  else expect(body).toEqual({ valid: false, reason: 'cannot_be_added', existingClient: null });
};

export const CASES: Partial<Record<RouteName, RouteCase>> = {
  ...REAL_ESTATE_CASES,
  ...SHARE_LUX_CASES,
  ...PLANNING_CASES,
  ...PRACTICE_DOCS_CASES,
  ...REPORT_CASES,
  ...CONTROL_CASES,
  ...EXCHANGE_CASES,
  ...ADMIN_CASES,
  ...DELEGATE_CASES,
  ...SUBSCRIPTION_CASES,
  ...WIDGET_CASES,
  // Core: the profile and the tour, for every signed-in role.
  userMe: { gate: 'everyone', visibility: 'shared', scopes: NONE, request: async () => ({}) },
  getDataTour: { gate: 'everyone', visibility: 'shared', scopes: NONE, request: async () => ({}) },
  patchDataTour: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({ body: { tourStep: 'overview' } }),
  },
  // Impersonation (issue 19): every signed-in caller may ask; none of the demo logins' own tokens impersonates, so
  // the allowed answer is 409 not_impersonating, which writes nothing (identity/impersonation.test.ts covers a stop).
  stopImpersonation: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    ok: 409,
    writes: false,
    request: async () => ({}),
  },

  // Clients: everyone reads the clients it sees (BASIC its own record); the managers list, add, edit, delete, invite.
  listClients: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: NONE,
    request: async (c) => {
      const tag = `Sonda${c.fx.seq()}`;
      const pro = await c.fx.newClient('pro', 'person', null, `${tag} A`);
      const made = { pro, pro2: await c.fx.newClient('pro2', 'person', null, `${tag} B`) };
      return { query: { q: tag, size: 100 }, verify: listsTenants(c, made, itemIds) };
    },
  },
  getClient: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: c.fx.clients[c.tenant] } }),
  },
  updateClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await writableClient(c) }, body: { mobile: '333 1234567', prefix: '+39' } }),
  },
  updateCompanyClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await writableClient(c, 'company') }, body: { mobile: '333 7654321' } }),
  },
  deleteClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await writableClient(c) } }),
  },
  // Validation runs on a code another tenant holds (issue 13): a person of the other adviser, a company the back office
  // holds for no adviser. Whoever may not see that client gets the one "cannot be added" answer, the same for both
  // reasons; staff, who see every client, get the spec's duplicate naming it.
  validatePersonClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: NONE,
    writes: false,
    request: async (c) => {
      const taxCode = c.fx.taxCode();
      const other = tenantOf(c.login, 'foreign');
      await c.fx.insertId('insert into clients (last_name, tax_code, created_by) values ($1, $2, $3) returning id', [
        c.fx.name('Altrui'),
        taxCode,
        c.fx.users[other],
      ]);
      return { body: { taxCode }, verify: crossTenantValidation(c) };
    },
  },
  validateCompanyClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: NONE,
    writes: false,
    request: async (c) => {
      const vat = c.fx.vat();
      await c.fx.insertId(
        'insert into clients (company, company_name, vat, created_by) values (true, $1, $2, null) returning id',
        [c.fx.name('Ditta Ufficio S.r.l.'), vat],
      );
      return { body: { vat }, verify: crossTenantValidation(c) };
    },
  },
  createPersonClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: NONE,
    request: async (c) => ({ params: { taxCode: c.fx.taxCode() }, body: { lastName: 'Matrice' } }),
  },
  createCompanyClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: NONE,
    request: async (c) => ({ params: { vat: c.fx.vat() }, body: { companyName: 'Matrice S.p.A.' } }),
  },
  inviteClient: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { clientId: await writableClient(c) }, body: { email: 'invito@example.it' } }),
  },
  resendInvite: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    // A GET that writes: a new invitation, the mail and the audit record.
    writes: true,
    request: async (c) => ({ params: { id: await writableClient(c, 'person', 'reinvito@example.it') } }),
  },

  // Families: the managers only. GET /family/{id} has no role gate and answers a BASIC user 404 like any family it
  // may not see: the decision recorded in families.ts and families.test.ts ("kept at 404 for routes.test.ts").
  listFamilies: {
    gate: 'managers',
    visibility: 'family',
    scopes: NONE,
    request: async (c) => {
      const tag = `Sonda ${c.fx.seq()}`;
      const pro = (await c.fx.family('pro', `${tag} A`)).id;
      const made = { pro, pro2: (await c.fx.family('pro2', `${tag} B`)).id };
      return { query: { q: tag, size: 100 }, verify: listsTenants(c, made, itemIds) };
    },
  },
  getFamily: {
    gate: 'everyone',
    visibility: 'family',
    scopes: OWNED,
    request: async (c) => ({ params: { id: (await c.fx.family(c.tenant)).id } }),
  },
  createFamily: {
    gate: 'managers',
    visibility: 'family',
    scopes: NONE,
    request: async (c) => ({ body: { name: c.fx.name('Famiglia Nuova') } }),
  },
  renameFamily: {
    gate: 'managers',
    visibility: 'family',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: (await c.fx.family(c.tenant)).id },
      body: { name: c.fx.name('Rinominata') },
    }),
  },
  deleteFamily: {
    gate: 'managers',
    visibility: 'family',
    scopes: OWNED,
    ok: 204,
    request: async (c) => ({ params: { id: (await c.fx.family(c.tenant)).id } }),
  },
  addFamilyMembers: {
    gate: 'managers',
    visibility: 'family',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: (await c.fx.family(c.tenant)).id },
      body: { usersFamily: { [await c.fx.newClient(c.tenant)]: 2 } },
    }),
  },
  replaceFamilyMembers: {
    gate: 'managers',
    visibility: 'family',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: (await c.fx.family(c.tenant)).id },
      body: { usersFamily: { [await c.fx.newClient(c.tenant)]: null } },
    }),
  },
  setFamilyMember: {
    gate: 'managers',
    visibility: 'family',
    scopes: OWNED,
    request: async (c) => ({
      params: { familyId: (await c.fx.family(c.tenant)).id, clientId: await c.fx.newClient(c.tenant) },
      query: { weight: 3 },
    }),
  },
  removeFamilyMember: {
    gate: 'managers',
    visibility: 'family',
    scopes: OWNED,
    request: async (c) => {
      const family = await c.fx.family(c.tenant);
      return { params: { familyId: family.id, clientId: family.member } };
    },
  },

  // Lookups: reference data for everyone; the portfolio and account menus of a client the caller sees.
  currencyMenu: { gate: 'everyone', visibility: 'shared', scopes: NONE, request: async () => ({}) },
  intermediaryMenu: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({ query: { fiType: 'CREDIT_INSTITUTE' } }),
  },
  portfolioMenu: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      query: { clientId: c.fx.clients[c.tenant] },
      verify: await listedTesting(c, 'portfolio', ids),
    }),
  },
  accountMenu: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      query: { clientId: c.fx.clients[c.tenant], accountType: 2 },
      verify: await listedTesting(c, 'account', ids),
    }),
  },

  // Intermediaries and branches: everyone reads every one; the managers add (a branch to any intermediary); only
  // ADMIN, BACK_OFFICE or the creator edit or delete.
  getIntermediary: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await c.fx.intermediary(c.creator) } }),
  },
  createIntermediary: {
    gate: 'managers',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({ body: { name: c.fx.name('Trust Matrice'), fiType: 'TRUST' } }),
  },
  updateIntermediary: {
    gate: 'managers',
    visibility: 'creator',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: await c.fx.intermediary(c.creator) },
      body: { name: c.fx.name('Banca Rinominata'), fiType: 'CREDIT_INSTITUTE', abi: '05428' },
    }),
  },
  listBranches: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: OWNED,
    request: async (c) => ({ params: { id: (await c.fx.branch(c.creator)).intermediaryId } }),
  },
  branchMenu: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: OWNED,
    request: async (c) => ({ params: { id: (await c.fx.branch(c.creator)).intermediaryId } }),
  },
  createBranch: {
    gate: 'managers',
    visibility: 'shared',
    scopes: OWNED,
    request: async (c) => ({
      body: { financialIntermediaryId: await c.fx.intermediary(c.creator), name: c.fx.name('Filiale Nuova') },
    }),
  },
  updateBranch: {
    gate: 'managers',
    visibility: 'creator',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: (await c.fx.branch(c.creator)).id },
      body: { name: c.fx.name('Filiale Rinominata'), city: 'Milano' },
    }),
  },
  deleteBranch: {
    gate: 'managers',
    visibility: 'creator',
    scopes: OWNED,
    request: async (c) => ({ params: { id: (await c.fx.branch(c.creator)).id } }),
  },

  // Portfolios: everyone reads those of the clients it sees (testing ones only ADMIN and BACK_OFFICE); the managers
  // write them.
  getPortfolio: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ params: { id: await c.fx.portfolio(c.tenant, c.testing) } }),
  },
  createPortfolio: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ body: { clientId: c.fx.clients[c.tenant], name: c.fx.name('Nuovo portafoglio') } }),
  },
  updatePortfolio: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({
      params: { id: await c.fx.portfolio(c.tenant, c.testing) },
      body: { name: c.fx.name('Portafoglio rinominato') },
    }),
  },
  deletePortfolio: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ params: { id: await c.fx.portfolio(c.tenant, c.testing) } }),
  },
  portfolioAccounts: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ params: { id: (await c.fx.account(c.tenant, c.testing)).portfolioId } }),
  },
  linkAccounts: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => {
      const { accountId } = await c.fx.account(c.tenant, c.testing);
      const portfolioId = await c.fx.portfolio(c.tenant, c.testing);
      return { body: { links: [{ accountId, portfolioId }] } };
    },
  },

  // Accounts: as portfolios. The IBAN check answers everyone, naming only an account the caller sees.
  listAccounts: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      query: { clientId: c.fx.clients[c.tenant] },
      verify: await listedTesting(c, 'account', itemIds),
    }),
  },
  getAccount: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ params: { id: (await c.fx.account(c.tenant, c.testing)).accountId } }),
  },
  createAccount: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      body: {
        clientId: c.fx.clients[c.tenant],
        accountType: 'CONTO_CORRENTE',
        name: c.fx.name('Nuovo conto'),
        iban: c.fx.iban(),
        financialIntermediaryId: c.fx.fi,
      },
    }),
  },
  updateAccount: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({
      params: { id: (await c.fx.account(c.tenant, c.testing)).accountId },
      body: { accountType: 'CUSTODIA_TITOLI', name: c.fx.name('Dossier rinominato'), financialIntermediaryId: c.fx.fi },
    }),
  },
  checkIban: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: OWNED,
    request: async (c) => {
      const iban = c.fx.iban();
      const { accountId } = await c.fx.account(c.tenant, false, iban);
      return {
        params: { iban },
        verify: (body) => {
          const named = (body as { valid: boolean; accountId: number | null }).accountId;
          expect(named, 'the account using the IBAN').toBe(c.login && seesTenant(c.login, c.tenant) ? accountId : null);
        },
      };
    },
  },

  // Movements: visible through their account; the managers write; pending ones need APPROVE_MOVEMENT for a DELEGATE.
  listMovements: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    // A POST that only reads (the filters are its body).
    writes: false,
    request: async (c) => ({ query: { ptfId: (await c.fx.movement(c.tenant, c.testing)).portfolioId }, body: {} }),
  },
  searchMovements: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ query: { ptfId: (await c.fx.movement(c.tenant, c.testing)).portfolioId } }),
  },
  pendingMovements: {
    gate: 'approvers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const m = await c.fx.movement(c.tenant, false);
      return {
        query: { clientId: c.fx.clients[c.tenant] },
        verify: (body) => expect(itemIds(body)).toContain(m.id),
      };
    },
  },
  // The middle office (issue 16): the approvers' calls on the movements they see; the rejected list is everyone's, an
  // approver's with all it sees, anyone else's with those it entered itself.
  pendingCount: {
    gate: 'approvers',
    visibility: 'tenant',
    scopes: NONE,
    request: async () => ({
      verify: (body) => expect((body as { count: number }).count).toBeGreaterThanOrEqual(0),
    }),
  },
  approveMovements: {
    gate: 'approvers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => {
      const m = await c.fx.movement(c.tenant, c.testing);
      return { body: { ids: [m.id] }, verify: (body) => expect(body).toEqual({ done: [m.id], alreadyDecided: [] }) };
    },
  },
  rejectMovements: {
    gate: 'approvers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => {
      const m = await c.fx.movement(c.tenant, c.testing);
      return {
        body: { ids: [m.id], reason: 'Movimento duplicato' },
        verify: (body) => expect(body).toEqual({ done: [m.id], alreadyDecided: [] }),
      };
    },
  },
  editPendingMovement: {
    gate: 'approvers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => {
      const m = await c.fx.movement(c.tenant, c.testing);
      return {
        params: { id: m.id },
        body: { cause: 'INTEREST', accountId: m.accountId },
        verify: (body) => expect(body).toMatchObject({ id: m.id, cause: 'INTEREST', status: 'PENDING' }),
      };
    },
  },
  rejectedMovements: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: NONE,
    request: async (c) => {
      // A rejected movement of each tenant entered by the caller, and one of the caller's tenant entered by no one.
      const reject = async (tenant: Tenant, author: number | null) =>
        c.fx.insertId(
          `update movements set status = 'REJECTED', reject_reason = 'Rifiutato', created_by = $2, decided_at = now()
            where id = $1 returning id`,
          [(await c.fx.movement(tenant, false)).id, author],
        );
      const caller = c.login ? c.fx.users[c.login] : null;
      const made = { pro: await reject('pro', caller), pro2: await reject('pro2', caller) };
      const others = await reject(c.tenant, null);
      return {
        verify: (body) => {
          if (!c.login) return;
          listsTenants(c, made, itemIds)(body);
          const w = who(c.login);
          expect(itemIds(body).includes(others), 'rejected by another author').toBe(
            GATES.approvers(w.role, w.permissions),
          );
        },
      };
    },
  },
  getMovement: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ params: { id: (await c.fx.movement(c.tenant, c.testing)).id } }),
  },
  // A BASIC user adds movements to its own accounts too, always PENDING with origin CLIENT (issue 16).
  createMovement: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({
      body: deposit((await c.fx.account(c.tenant, c.testing)).accountId),
      verify: (body) =>
        expect(body).toMatchObject(
          c.login && who(c.login).role === 'BASIC'
            ? { status: 'PENDING', origin: 'CLIENT' }
            : { status: 'APPROVED', origin: 'MANUAL' },
        ),
    }),
  },
  updateMovement: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => {
      const m = await c.fx.movement(c.tenant, c.testing);
      return { params: { id: m.id }, body: deposit(m.accountId, 250.5) };
    },
  },
  deleteMovement: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ params: { id: (await c.fx.movement(c.tenant, c.testing)).id } }),
  },
  deleteMovements: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({ body: { ids: [(await c.fx.movement(c.tenant, c.testing)).id] } }),
  },

  // File imports (multipart, a one-row CSV): movements of an account the caller sees, for the managers; prices and
  // FX rates for ADMIN and BACK_OFFICE.
  uploadMovements: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({
      upload: {
        fields: { accountId: (await c.fx.account(c.tenant, c.testing)).accountId },
        csv: `${MATRIX_CSV_HEADER}\n2024-04-02;INTEREST;;;;;3,10;;Interessi\n`,
      },
      verify: (body) => expect(body).toEqual([]),
    }),
  },
  uploadPrices: {
    gate: 'staff',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      upload: { fields: {}, csv: `isin;date;price;currency\n${(await c.fx.instrument()).isin};02/01/2024;85,10;EUR\n` },
      verify: (body) => expect(body).toEqual([]),
    }),
  },
  uploadFxRates: {
    gate: 'staff',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      upload: { fields: {}, csv: `currency;date;rate\nUSD;${c.fx.day()};1,0956\n` },
      verify: (body) => expect(body).toEqual([]),
    }),
  },

  // Instruments and prices: reference data everyone reads; ADMIN and BACK_OFFICE write.
  listStocks: { gate: 'everyone', visibility: 'shared', scopes: NONE, request: async () => ({ query: { q: 'XS' } }) },
  getStock: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({ params: { id: (await c.fx.instrument()).id } }),
  },
  createStock: {
    gate: 'staff',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      body: {
        isin: c.fx.isin(),
        name: c.fx.name('Nuovo titolo'),
        currency: 'EUR',
        assetClass: 'Azionario',
        macroAssetClass: 'Equity',
      },
    }),
  },
  updateStock: {
    gate: 'staff',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => {
      const s = await c.fx.instrument();
      return {
        params: { id: s.id },
        body: {
          isin: s.isin,
          name: c.fx.name('Titolo rinominato'),
          currency: 'EUR',
          assetClass: 'Azionario',
          macroAssetClass: 'Equity',
        },
      };
    },
  },
  stockPrices: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({ params: { id: (await c.fx.instrument()).id } }),
  },

  // Open-banking onboarding: recorded for a client the caller sees; a BASIC user names none and gets its own.
  fabrickOnboardingSuccess: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    // A GET that writes (the onboarding and its audit record); a repeated call answers the one under review.
    writes: true,
    idempotent: true,
    request: async (c) => (c.basicOwn ? {} : { query: { clientId: c.fx.clients[c.tenant] } }),
  },

  // Analytics (dashboards and reports): reads for every role that sees the scope (DESIGN.md 3). Each call is about a
  // portfolio (testing ones only for ADMIN and BACK_OFFICE), a client's aggregate (a BASIC user names none and gets its
  // own) or a family's aggregate (familyId; a BASIC user sees no family). One scope per route, so the kinds are spread
  // over the routes; analytics.test.ts calls every route with every kind.
  dashboard: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: c.fx.clients[c.tenant] }, verify: analyticsAbout({}) }),
  },
  financialComposition: portfolioReport(),
  assetsHistoryTotal: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      query: {
        ...(c.basicOwn ? {} : { clientId: c.fx.clients[c.tenant] }),
        dateFrom: '2024-01-01',
        dateTo: '2024-01-31',
      },
      verify: (body) => expect((body as { total: number }).total).toBe(31),
    }),
  },
  // A history page names no portfolio: every day of the range is listed.
  assetsHistoryFinancial: portfolioReport(
    { dateFrom: '2024-01-01', dateTo: '2024-01-31' },
    () => (body) => expect((body as { total: number }).total).toBe(31),
  ),
  reportSintetico: portfolioReport(),
  reportPerformance: portfolioReport(),
  reportPerformanceV1: familyReport(),
  reportTriplaA: portfolioReport(),
  reportTriplaAV1: familyReport(),
  reportIntermediary: portfolioReport(),
  reportCommissioni: portfolioReport(),
  reportCedole: portfolioReport(),
  macroAssetValues: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      params: { ptf: 'aggregate' },
      ...(c.basicOwn ? {} : { query: { clientId: c.fx.clients[c.tenant] } }),
      verify: analyticsAbout({ client: c.fx.clients[c.tenant] }),
    }),
  },
  portfolioVar: portfolioReport(),
};

/** An analytics answer names what it is about (portfolioData) and says whether figures are being recomputed. */
function analyticsAbout(about: { portfolio?: number; client?: number; family?: number }) {
  return (body: unknown) => {
    const b = body as { recalculationInProgress: unknown; portfolioData?: Record<string, unknown> };
    expect(typeof b.recalculationInProgress).toBe('boolean');
    if (about.portfolio !== undefined) expect(b.portfolioData).toMatchObject({ id: about.portfolio, aggregate: false });
    if (about.client !== undefined) expect(b.portfolioData).toMatchObject({ aggregate: true, ownerId: about.client });
    if (about.family !== undefined) expect(b.portfolioData).toMatchObject({ aggregate: true, familyId: about.family });
  };
}

/** A report on a fresh portfolio of the tenant's client (a testing one for the 'testing' scope). */
function portfolioReport(
  query: Record<string, string> = {},
  verify = (ptf: number) => analyticsAbout({ portfolio: ptf }),
): RouteCase {
  return {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => {
      const ptf = await c.fx.portfolio(c.tenant, c.testing);
      return { params: { ptf }, query, verify: verify(ptf) };
    },
  };
}

/** A report on a fresh family's aggregate (the tenant's client as its member). */
function familyReport(): RouteCase {
  return {
    gate: 'everyone',
    visibility: 'family',
    scopes: OWNED,
    request: async (c) => {
      const family = (await c.fx.family(c.tenant)).id;
      return {
        params: { ptf: 'aggregate' },
        query: { familyId: family, dateFrom: '2024-03-31', dateTo: '2024-06-30' },
        verify: analyticsAbout({ family }),
      };
    },
  };
}
