// Demo data for the embedded default: the demo accounts (password "patrimonio") and the clients they serve.
// Runs only on an empty database, so a restart never changes what users have done.

import { CLIENT_TRIAL_DAYS } from '@patrimonio/shared-api';
import { hashPassword } from '../identity/password.ts';
import type { Database, Queryable } from './database.ts';
import { MORE_DEMO_CLIENTS, SECOND_FAMILY } from './demo/clients.ts';
import { seedControls } from './demo/controls.ts';
import { seedExchange } from './demo/exchange.ts';
import { seedPlanning } from './demo/planning.ts';
import { seedRealEstate } from './demo/real-estate.ts';
import { seedFinancial } from './demo/seed.ts';
import { seedServiceAccounts } from './demo/service-accounts.ts';
import { seedSharesAndLux } from './demo/shares-lux.ts';
import { seedSupport } from './demo/support.ts';

export const DEMO_PASSWORD = 'patrimonio';

export interface DemoAccount {
  login: string;
  name: string;
  role: 'ADMIN' | 'BACK_OFFICE' | 'PRO' | 'DELEGATE' | 'BASIC';
  permissions?: string[];
  proLogin?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { login: 'admin', name: 'Anna Amministratrice', role: 'ADMIN' },
  { login: 'backoffice', name: 'Bruno Backoffice', role: 'BACK_OFFICE' },
  { login: 'pro', name: 'Paolo Consulente', role: 'PRO' },
  { login: 'pro2', name: 'Paola Consulente', role: 'PRO' },
  {
    login: 'delegate',
    name: 'Davide Assistente',
    role: 'DELEGATE',
    permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
    proLogin: 'pro',
  },
  { login: 'delegate2', name: 'Daria Assistente', role: 'DELEGATE', permissions: [], proLogin: 'pro' },
  { login: 'client', name: 'Mario Rossi', role: 'BASIC', proLogin: 'pro' },
];

interface DemoClient {
  key: string;
  proLogin: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  taxCode?: string;
  vat?: string;
  email?: string;
  subscribe: boolean;
  trial: boolean;
  /** Days left in the trial (default the usual 30): fewer shows the shell's trial banner (the last 7 days). */
  trialDays?: number;
}

// Tax codes and VAT numbers below pass their check characters.
const DEMO_CLIENTS: DemoClient[] = [
  {
    key: 'client',
    proLogin: 'pro',
    firstName: 'Mario',
    lastName: 'Rossi',
    taxCode: 'RSSMRA80A01H501U',
    email: 'mario.rossi@example.it',
    subscribe: true,
    trial: false,
  },
  {
    key: 'bianchi',
    proLogin: 'pro',
    firstName: 'Giulia',
    lastName: 'Bianchi',
    taxCode: 'BNCGLI75M45F205M',
    subscribe: true,
    trial: false,
  },
  {
    key: 'verdi',
    proLogin: 'pro',
    firstName: 'Luca',
    lastName: 'Verdi',
    taxCode: 'VRDLCU62C12L219G',
    subscribe: false,
    trial: true,
    // His trial ends within the week: selecting him shows the shell's trial banner (issue 19).
    trialDays: 5,
  },
  {
    key: 'ferrari',
    proLogin: 'pro2',
    firstName: 'Giovanni',
    lastName: 'Ferrari',
    taxCode: 'FRRGNN58T10D612I',
    subscribe: true,
    trial: false,
  },
  // After the first four (client 1 is Mario Rossi): see demo/clients.ts.
  ...MORE_DEMO_CLIENTS,
];

export async function seedDemo(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  if ((rows[0]?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const userIds = new Map<string, number>();
    for (const a of DEMO_ACCOUNTS.filter((x) => x.role !== 'DELEGATE' && x.role !== 'BASIC')) {
      userIds.set(a.login, await insertUser(tx, a, passwordHash, null, null));
    }
    const clientIds = new Map<string, number>();
    for (const c of DEMO_CLIENTS) {
      const { rows: r } = await tx.query<{ id: number }>(
        `insert into clients (first_name, last_name, company_name, company, tax_code, vat, email, subscribe, trial, created_by,
           trial_until)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $9 then current_date + $11::int end) returning id`,
        [
          c.firstName ?? null,
          c.lastName ?? null,
          c.companyName ?? null,
          Boolean(c.companyName),
          c.taxCode ?? null,
          c.vat ?? null,
          c.email ?? null,
          c.subscribe,
          c.trial,
          userIds.get(c.proLogin),
          // A trial counts its last day: N days left end on today + N - 1.
          c.trialDays === undefined ? CLIENT_TRIAL_DAYS : c.trialDays - 1,
        ],
      );
      clientIds.set(c.key, r[0]!.id);
    }
    for (const a of DEMO_ACCOUNTS.filter((x) => x.role === 'DELEGATE' || x.role === 'BASIC')) {
      const proId = a.role === 'DELEGATE' ? userIds.get(a.proLogin ?? '')! : null;
      const clientId = a.role === 'BASIC' ? clientIds.get(a.login)! : null;
      userIds.set(a.login, await insertUser(tx, a, passwordHash, proId, clientId));
    }
    const { rows: fam } = await tx.query<{ id: number }>(
      'insert into families (name, created_by) values ($1, $2) returning id',
      ['Famiglia Rossi Bianchi', userIds.get('pro')],
    );
    await tx.query('insert into family_members (family_id, client_id, weight) values ($1, $2, 1), ($1, $3, 0.5)', [
      fam[0]!.id,
      clientIds.get('client'),
      clientIds.get('bianchi'),
    ]);
    const { rows: fam2 } = await tx.query<{ id: number }>(
      'insert into families (name, created_by) values ($1, $2) returning id',
      [SECOND_FAMILY.name, userIds.get(SECOND_FAMILY.proLogin)],
    );
    for (const m of SECOND_FAMILY.members) {
      await tx.query('insert into family_members (family_id, client_id, weight) values ($1, $2, $3)', [
        fam2[0]!.id,
        clientIds.get(m.key),
        m.weight,
      ]);
    }
    const clientPro = new Map(DEMO_CLIENTS.map((c) => [c.key, c.proLogin]));
    await seedFinancial(tx, userIds, clientIds, clientPro);
    await seedControls(tx, userIds, clientIds, clientPro);
    await seedRealEstate(tx, userIds, clientIds);
    await seedSharesAndLux(tx, userIds, clientIds);
    await seedPlanning(tx, clientIds);
    await seedSupport(tx, userIds, clientIds);
    await seedServiceAccounts(tx, userIds);
    await seedExchange(tx);
  });
  return true;
}

async function insertUser(
  tx: Queryable,
  a: DemoAccount,
  passwordHash: string,
  proId: number | null,
  clientId: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    // The demo practices are subscribed (no trial banner); a professional who registers starts a trial instead.
    `insert into users (login, password_hash, name, email, role, permissions, pro_id, client_id, subscribe)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $5 = 'PRO') returning id`,
    [a.login, passwordHash, a.name, `${a.login}@patrimonio.example`, a.role, a.permissions ?? [], proId, clientId],
  );
  return rows[0]!.id;
}
