// Bad input for every write route of the contract (issue 15): fast-check arbitraries that take a valid example
// request of a route (ids of the demo data, so the request would pass every other check) and put ONE bad value in
// it: an integer beyond its column (1e308, 2^63, a 20-digit path id), Infinity and NaN where a number belongs (as
// text in the query or the path, as 1e999 in the JSON), a NUL character or an over-long string, a date outside the
// date picker's years or no date at all, a wrong type, nested garbage, a missing required field. Every such request
// must answer 4xx and change no row. Used by server/src/testing/bad-input.test.ts (a few cases per route on each CI
// run) and by `npm run bench` (scripts/bench-bad-input.ts: 10,000 cases).
import { type RouteDef, routes } from '@patrimonio/shared-api';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { taxCode, vat } from '../db/demo/ids.ts';

/** The JSON Schema vocabulary the contract's TypeBox schemas use. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
}

export type WriteRouteName = {
  [K in keyof typeof routes]: (typeof routes)[K]['method'] extends 'GET' ? never : K;
}[keyof typeof routes];

/**
 * Every route that writes (POST, PUT, PATCH, DELETE) and takes some input (path, query, body or file; a public one its
 * raw body), in the contract's order: a signed-in call without input (POST /impersonation/stop) has nothing to send
 * badly.
 */
export const WRITE_ROUTES = (Object.keys(routes) as (keyof typeof routes)[]).filter((name) => {
  const def = routes[name] as RouteDef;
  const input = def.params ?? def.querystring ?? def.body ?? def.multipart;
  // A public write reads its body even without a schema (Stripe's webhook reads it raw).
  return def.method !== 'GET' && (Boolean(input) || def.auth === false);
}) as WriteRouteName[];

/** A request of a route: path parameters, query and JSON body. */
export interface Example {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

/** One bad request, ready to send: `payload` is the JSON text (it may hold 1e999, which JSON.stringify cannot). */
export interface BadRequest {
  route: WriteRouteName;
  method: RouteDef['method'];
  url: string;
  payload: string | undefined;
  /** What is wrong with it, for the failure message. */
  fault: string;
}

/** The ids of demo rows the examples use: every one visible to ADMIN. */
export interface Fixtures {
  person: number;
  company: number;
  family: number;
  familyMember: number;
  intermediary: number;
  branch: number;
  portfolio: number;
  account: number;
  currency: number;
  stock: number;
  movement: number;
  /** A PENDING deposit of the demo data (the middle office's examples) and its account. */
  pendingMovement: number;
  pendingAccount: number;
  realEstate: number;
  mortgage: number;
  evaluation: number;
  shareCompany: number;
  shareYear: number;
  lux: number;
  luxEvaluation: number;
  newTaxCode: string;
  newVat: string;
  newIsin: string;
  /** A portfolio with bank data (the demo's bank files), its client and its bank date. */
  controlled: { clientId: number; portfolioId: number; date: string };
  /** The demo's file exchange: its server, a counterpart and one of its mappings. */
  exchangeServer: number;
  counterpart: number;
  mapping: number;
  /** A user of the demo (the PRO pro2), for the admin's users calls. */
  user: number;
  /** A delegate of the PRO pro (issue 19, the delegates calls). */
  delegate: number;
  /** Planning (issue 18): a planned flow with a recorded flow, a policy, a goal and a simulation of the demo. */
  flow: number;
  flowRecord: number;
  policy: number;
  goal: number;
  simulation: number;
  /** Issue 19: a document of the demo PRO's practice, and a support ticket. */
  document: number;
  ticket: number;
  /** Issue 20: a widget token of the PRO pro for its client `person` (the revoke and re-issue examples). */
  widgetToken: number;
}

const idOf = async (db: Queryable, sql: string): Promise<number> => {
  const { rows } = await db.query<{ id: number }>(sql);
  if (!rows[0]) throw new Error(`bad-input fixtures: no row for ${sql}`);
  return Number(rows[0].id);
};

const unused = async (db: Queryable, sql: string, candidates: string[]): Promise<string> => {
  for (const c of candidates) if (!(await db.query(sql, [c])).rows.length) return c;
  throw new Error(`bad-input fixtures: every candidate of ${sql} is taken`);
};

async function controlledPortfolio(db: Queryable): Promise<Fixtures['controlled']> {
  const { rows } = await db.query<{ client_id: number; portfolio_id: number; date: string }>(
    `select p.client_id, p.id as portfolio_id, to_char(max(b.date), 'YYYY-MM-DD') as date
       from bank_balances b join portfolio_accounts pa on pa.account_id = b.account_id
       join portfolios p on p.id = pa.portfolio_id group by p.id order by p.id limit 1`,
  );
  if (!rows[0]) throw new Error('bad-input fixtures: no portfolio with bank data');
  return { clientId: Number(rows[0].client_id), portfolioId: Number(rows[0].portfolio_id), date: rows[0].date };
}

/**
 * A live widget token of the PRO pro for the client, written here when the demo data have none (widget tokens are
 * issued by PROs, never seeded): the revoke and re-issue examples name it.
 */
async function widgetTokenFixture(db: Queryable, clientId: number): Promise<number> {
  const found = await db.query<{ id: number }>(
    `select t.id from widget_tokens t join users u on u.id = t.issuer_id
      where u.login = 'pro' and t.client_id = $1 and t.revoked_at is null order by t.id limit 1`,
    [clientId],
  );
  if (found.rows[0]) return Number(found.rows[0].id);
  return idOf(
    db,
    `insert into widget_tokens (issuer_id, client_id, label, widgets, origins, expires_on, token_hash, hint)
     select u.id, ${Number(clientId)}, 'Bad input', '{wealth-total}', '{https://studio.example}', current_date + 30,
            sha256(convert_to('bad-input widget token', 'UTF8')), 'ptw_Bad…0000'
       from users u where u.login = 'pro' returning id`,
  );
}

export async function badInputFixtures(db: Queryable): Promise<Fixtures> {
  const person = await idOf(
    db,
    'select id from clients where company_name is null and tax_code is not null order by id',
  );
  const family = await idOf(db, 'select family_id as id from family_members order by family_id limit 1');
  const intermediary = await idOf(db, 'select financial_intermediary_id as id from branches order by id limit 1');
  const realEstate = await idOf(db, 'select real_estate_id as id from mortgages order by id limit 1');
  const shareCompany = await idOf(db, 'select company_id as id from company_figures order by id limit 1');
  const lux = await idOf(
    db,
    'select item_id as id from lux_evaluations group by item_id having count(*) > 1 order by item_id limit 1',
  );
  const portfolio = await idOf(db, 'select portfolio_id as id from portfolio_accounts order by portfolio_id limit 1');
  const pending = "from movements where status = 'PENDING' and cause = 'DEPOSIT' order by id limit 1";
  return {
    person,
    company: await idOf(db, 'select id from clients where company_name is not null order by id limit 1'),
    family,
    familyMember: await idOf(db, `select client_id as id from family_members where family_id = ${family} limit 1`),
    intermediary,
    branch: await idOf(db, `select id from branches where financial_intermediary_id = ${intermediary} limit 1`),
    portfolio,
    account: await idOf(
      db,
      `select account_id as id from portfolio_accounts where portfolio_id = ${portfolio} limit 1`,
    ),
    currency: await idOf(db, "select id from currencies where iso = 'EUR'"),
    stock: await idOf(db, 'select id from instruments order by id limit 1'),
    movement: await idOf(db, 'select id from movements order by id limit 1'),
    pendingMovement: await idOf(db, `select id ${pending}`),
    pendingAccount: await idOf(db, `select account_id as id ${pending}`),
    realEstate,
    mortgage: await idOf(db, `select id from mortgages where real_estate_id = ${realEstate}`),
    evaluation: await idOf(db, `select id from real_estate_evaluations where real_estate_id = ${realEstate} limit 1`),
    shareCompany,
    shareYear: await idOf(db, `select year as id from company_figures where company_id = ${shareCompany} limit 1`),
    lux,
    luxEvaluation: await idOf(db, `select id from lux_evaluations where item_id = ${lux} order by id limit 1`),
    newTaxCode: await unused(db, 'select 1 from clients where tax_code = $1', [
      taxCode('BDNPTS90A41F205'),
      taxCode('BDNPTS91A41F205'),
    ]),
    newVat: await unused(db, 'select 1 from clients where vat = $1', [vat('0987654321'), vat('0987654322')]),
    newIsin: await unused(db, 'select 1 from instruments where isin = $1', ['US0378331005', 'DE0007164600']),
    controlled: await controlledPortfolio(db),
    exchangeServer: await idOf(db, 'select id from external_servers order by id limit 1'),
    counterpart: await idOf(db, 'select counterpart_id as id from exchange_mappings order by id limit 1'),
    mapping: await idOf(db, 'select id from exchange_mappings order by id limit 1'),
    user: await idOf(db, "select id from users where login = 'pro2'"),
    delegate: await idOf(db, "select id from users where login = 'delegate'"),
    flow: await idOf(db, 'select flow_id as id from hc_flow_records order by id limit 1'),
    flowRecord: await idOf(db, 'select id from hc_flow_records order by id limit 1'),
    policy: await idOf(db, 'select id from life_policies order by id limit 1'),
    goal: await idOf(db, 'select id from goals order by id limit 1'),
    simulation: await idOf(db, 'select id from simulations order by id limit 1'),
    document: await idOf(
      db,
      "select d.id from documents d join users u on u.id = d.pro_id where u.login = 'pro' order by d.id limit 1",
    ),
    ticket: await idOf(db, 'select id from support_tickets order by id limit 1'),
    widgetToken: await widgetTokenFixture(db, person),
  };
}

/** A valid request of every write route, on the fixtures' rows (the bad value is then the only fault). */
export function examples(fx: Fixtures): Record<WriteRouteName, Example> {
  const id = (n: number) => ({ id: n });
  const contact = { email: 'bad.input@example.com', prefix: '+39', mobile: '3331234567', name: 'Bad Input' };
  const branch = { name: 'Filiale', cab: '01600', address: 'Via Roma 1', city: 'Milano' };
  const stock = {
    isin: fx.newIsin,
    name: 'Bad Input Bond',
    currency: 'EUR',
    assetClass: 'Bond',
    macroAssetClass: 'Bond',
    couponRate: 0.02,
    couponFrequency: 2,
    firstCouponDate: '2024-06-30',
    maturityDate: '2030-12-31',
  };
  const movement = {
    accountId: fx.account,
    dateTime: '2024-03-15 10:00',
    cause: 'BUY',
    classification: 'bad input',
    currencyId: fx.currency,
    instrumentId: fx.stock,
    quantity: 10,
    price: 101.5,
    amount: 1015,
    offsetAccountId: fx.account,
    status: 'PENDING',
  };
  const mortgage = {
    amount: 100_000,
    initDate: '2020-01-31',
    rataType: 'MONTHLY',
    totalRata: 240,
    interestRateType: 'FIX',
    amortization: 'CONST',
    interestRate: 3.5,
  };
  const realEstate = {
    typology: 'RESIDENTIAL',
    destination: 'AVAILABLE',
    conservationState: 'NORMAL',
    typeProperty: 'PROPERTY',
    currencyId: fx.currency,
    description: 'Appartamento',
    mq: 90,
    selectedEvaluation: 300_000,
    customEvaluation: 300_000,
    realEstateEvaluationType: 'CUSTOM',
    suggestedEvaluation: 280_000,
    suggestedEvaluationDate: '2024-01-01',
    purchaseDate: '2010-05-20',
    purchaseValue: 200_000,
    income: 12_000,
    maintenanceCost: 2_000,
    percOwned: 0.5,
    address: 'Via Roma',
    addressNumber: '1',
    zipcode: '20121',
    city: 'Milano',
    country: 'IT',
    provinceCode: 'MI',
    note: 'nota',
    lat: 45.46,
    lng: 9.19,
    cadastralIncome: 1_000,
    code: 'A',
    cadastralCode: 'F205',
    urbanSection: 'U',
    layout: '12',
    lot: '34',
    subLot: 5,
    mortgage,
  };
  const figures = { revenue: 1_000_000, profit: -50_000, ebitda: 80_000, value: 2_000_000 };
  const lux = {
    description: 'Quadro',
    category: 'ART',
    buyCost: 10_000,
    yearlyIncome: 0,
    yearlyMaintenance: 100,
    linkedDebt: 0,
    note: 'nota',
  };
  const exchangeServer = {
    name: 'Server Bad Input',
    protocol: 'SFTP',
    host: 'sftp.banca.example',
    port: 22,
    username: 'patrimonio',
    folder: '/outgoing',
    filePattern: '*.cbi',
    schedule: '0 6 * * 1-5',
    enabled: false,
    password: 'segreto',
  };
  const counterpart = {
    name: 'Controparte Bad Input',
    abi: '03069',
    intermediaryId: fx.intermediary,
    serverId: fx.exchangeServer,
    folder: 'cbi',
    formats: [
      {
        format: 'LAYOUT',
        filePattern: '*.csv',
        layout: {
          kind: 'BALANCES',
          accountRef: 'IBAN',
          dateFormat: 'DD/MM/YYYY',
          decimalSeparator: ',',
          columns: { account: 'IBAN', date: 'Data', balance: 'Saldo', currency: 'Divisa' },
        },
      },
    ],
  };
  const mapping = {
    counterpartId: fx.counterpart,
    kind: 'CAUSE',
    code: '48',
    direction: 'ANY',
    cause: 'FEE',
    subcause: 'GESTIONE',
    instrumentId: null,
    accountId: null,
  };
  const flow = {
    description: 'Stipendio',
    direction: 'IN',
    category: 'SALARY',
    flowGroup: 'WORK_FLOWS',
    amount: 3_000,
    frequency: 'MONTHLY',
    startDate: '2024-01-27',
    endDate: '2040-12-31',
    growthRate: 0.02,
    note: null,
  };
  const policy = {
    insurer: 'Generali',
    policyType: 'TERM_LIFE',
    policyNumber: 'TCM-1',
    insured: 'Mario Rossi',
    beneficiary: 'Anna Rossi',
    capital: 300_000,
    premium: 450,
    premiumFrequency: 'YEARLY',
    startDate: '2022-03-01',
    endDate: '2042-03-01',
    surrenderValue: null,
    note: null,
  };
  const goal = { description: 'Casa al mare', amount: 250_000, initDate: '2035-06-30' };
  const simulation = {
    name: 'Vendita seconda casa',
    realEstate: [
      {
        realEstateId: fx.realEstate,
        description: 'Casa',
        evaluation: 300_000,
        percOwned: 0.5,
        income: 0,
        maintenanceCost: 1_200,
        mortgage: {
          amount: 150_000,
          initDate: '2020-01-31',
          rataType: 'MONTHLY',
          totalRata: 240,
          interestRateType: 'EU3M',
          amortization: 'CONST',
          interestRate: 3.5,
        },
      },
    ],
    financial: { cash: 20_000, shares: 50_000, bond: 30_000, commodities: 5_000, crypto: 1_000 },
    artlux: [{ luxId: fx.lux, description: 'Quadro', category: 'ART', valuation: 12_000 }],
    share: [{ companyId: fx.shareCompany, description: 'Azienda', amount: 80_000 }],
    startingCash: 20_000,
    startingPercentage: 0.05,
  };
  const widgetTokenBody = {
    label: 'Sito dello studio',
    widgets: ['portfolio-donut', 'wealth-total'],
    origins: ['https://studio.example'],
    // Valid on any day the test runs: a month ahead (the limit is WIDGET_TOKEN_MAX_DAYS from today).
    expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  };
  return {
    patchDataTour: { body: { tourStep: 'overview' } },
    stopImpersonation: {},
    updateClient: {
      params: id(fx.person),
      body: { firstName: 'Mario', lastName: 'Rossi', currencySymbol: '€', ...contact },
    },
    updateCompanyClient: {
      params: id(fx.company),
      body: { companyName: 'Bad Input Srl', atokaId: 'atoka-1', currencySymbol: '€', ...contact },
    },
    deleteClient: { params: id(fx.person) },
    validatePersonClient: { body: { taxCode: fx.newTaxCode } },
    validateCompanyClient: { body: { vat: fx.newVat, atokaId: null } },
    createPersonClient: {
      params: { taxCode: fx.newTaxCode },
      body: { firstName: 'Luca', lastName: 'Verdi', ...contact },
    },
    createCompanyClient: { params: { vat: fx.newVat }, body: { companyName: 'Nuova Srl', atokaId: null, ...contact } },
    inviteClient: { params: { clientId: fx.person }, body: { email: 'bad.input@example.com' } },
    createFamily: { body: { name: 'Famiglia Bad Input' } },
    renameFamily: { params: id(fx.family), body: { name: 'Famiglia Bad Input' } },
    deleteFamily: { params: id(fx.family) },
    addFamilyMembers: { params: id(fx.family), body: { usersFamily: { [String(fx.person)]: 0.5 } } },
    replaceFamilyMembers: { params: id(fx.family), body: { usersFamily: { [String(fx.person)]: 0.5 } } },
    setFamilyMember: { params: { familyId: fx.family, clientId: fx.person }, query: { weight: 0.5 } },
    removeFamilyMember: { params: { familyId: fx.family, clientId: fx.familyMember } },
    createIntermediary: {
      body: { name: 'Banca Bad Input', fiType: 'CREDIT_INSTITUTE', abi: '03069', bic: 'BCITITMM', branch },
    },
    updateIntermediary: {
      params: id(fx.intermediary),
      body: { name: 'Banca Bad Input', fiType: 'CREDIT_INSTITUTE', abi: '03069', bic: 'BCITITMM' },
    },
    createBranch: { body: { financialIntermediaryId: fx.intermediary, ...branch } },
    updateBranch: { params: id(fx.branch), body: branch },
    deleteBranch: { params: id(fx.branch) },
    createPortfolio: { body: { clientId: fx.person, name: 'Portafoglio', currencyId: fx.currency, testing: false } },
    updatePortfolio: {
      params: id(fx.portfolio),
      body: { name: 'Portafoglio', currencyId: fx.currency, testing: false },
    },
    deletePortfolio: { params: id(fx.portfolio) },
    linkAccounts: { body: { links: [{ accountId: fx.account, portfolioId: fx.portfolio }] } },
    createAccount: {
      body: {
        clientId: fx.person,
        accountType: 'CONTO_CORRENTE',
        name: 'Conto',
        iban: 'IT60X0542811101000000123456',
        financialIntermediaryId: fx.intermediary,
        branchId: fx.branch,
        currencyId: fx.currency,
        testing: false,
        portfolioIds: [fx.portfolio],
      },
    },
    updateAccount: {
      params: id(fx.account),
      body: {
        accountType: 'CONTO_CORRENTE',
        name: 'Conto',
        iban: 'IT60X0542811101000000123456',
        financialIntermediaryId: fx.intermediary,
        branchId: fx.branch,
        currencyId: fx.currency,
        testing: false,
      },
    },
    createStock: { body: stock },
    updateStock: { params: id(fx.stock), body: stock },
    listMovements: {
      query: { ptfId: fx.portfolio, page: 1, size: 10, sort: 'dateTime,desc' },
      body: {
        dateFrom: '2020-01-01',
        dateTo: '2024-12-31',
        cause: ['BUY'],
        accountId: fx.account,
        isin: 'IT0005240830',
        status: 'APPROVED',
        text: 'x',
      },
    },
    createMovement: { body: movement },
    updateMovement: { params: id(fx.movement), body: movement },
    deleteMovement: { params: id(fx.movement) },
    deleteMovements: { body: { ids: [fx.movement] } },
    approveMovements: { body: { ids: [fx.pendingMovement] } },
    rejectMovements: { body: { ids: [fx.pendingMovement], reason: 'Duplicato del bonifico già registrato' } },
    editPendingMovement: {
      params: id(fx.pendingMovement),
      body: { cause: 'DEPOSIT', subcause: null, instrumentId: null, accountId: fx.pendingAccount },
    },
    uploadMovements: { body: { accountId: fx.account } },
    uploadPrices: { body: {} },
    uploadFxRates: { body: {} },
    uploadBankBalances: { body: {} },
    uploadBankPositions: { body: {} },
    acceptControl: {
      params: { clientId: fx.controlled.clientId, portfolioId: fx.controlled.portfolioId },
      body: { date: fx.controlled.date, note: 'Differenza accettata' },
    },
    // The file exchange (issue 17).
    createServer: { body: exchangeServer },
    updateServer: { params: id(fx.exchangeServer), body: exchangeServer },
    deleteServer: { params: id(fx.exchangeServer) },
    fetchServer: { params: id(fx.exchangeServer) },
    createCounterpart: { body: counterpart },
    updateCounterpart: { params: id(fx.counterpart), body: counterpart },
    deleteCounterpart: { params: id(fx.counterpart) },
    createMapping: { body: mapping },
    updateMapping: { params: id(fx.mapping), body: mapping },
    deleteMapping: { params: id(fx.mapping) },
    registerClient: { body: { token: 'bad-input-token', password: 'a long enough password', privacyAccepted: true } },
    createRealEstate: { body: { clientId: fx.person, evaluationDate: '2024-01-01', ...realEstate } },
    updateRealEstate: { params: id(fx.realEstate), body: realEstate },
    sellRealEstate: { params: id(fx.realEstate), body: { soldDate: '2024-06-30', soldValue: 350_000 } },
    deleteRealEstate: { params: id(fx.realEstate) },
    addEvaluation: { params: id(fx.realEstate), body: { evaluationDate: '2024-07-01', value: 310_000 } },
    updateEvaluation: {
      params: { id: fx.realEstate, evalId: fx.evaluation },
      body: { evaluationDate: '2024-07-02', value: 310_000 },
    },
    createMortgage: { params: id(fx.realEstate), body: mortgage },
    updateMortgage: { params: { id: fx.realEstate, mortgageId: fx.mortgage }, body: mortgage },
    deleteMortgage: { params: { id: fx.realEstate, mortgageId: fx.mortgage } },
    createCompany: {
      body: {
        legalName: 'Bad Input Spa',
        holdings: [{ clientId: fx.person, percentage: 10 }],
        figures: [{ year: 2023, ...figures }],
      },
    },
    updateCompany: { params: id(fx.shareCompany), body: { legalName: 'Bad Input Spa' } },
    deleteCompany: { params: id(fx.shareCompany) },
    setCompanyHoldings: { params: id(fx.shareCompany), body: { holdings: [{ clientId: fx.person, percentage: 10 }] } },
    addCompanyFigures: { params: id(fx.shareCompany), body: { year: 2099, ...figures } },
    updateCompanyFigures: { params: { id: fx.shareCompany, year: fx.shareYear }, body: figures },
    deleteCompanyFigures: { params: { id: fx.shareCompany, year: fx.shareYear } },
    createLux: { body: { clientId: fx.person, ...lux, evaluation: 12_000, evaluationDate: '2024-01-01' } },
    updateLux: { params: id(fx.lux), body: lux },
    deleteLux: { params: id(fx.lux) },
    createLuxEvaluation: { params: id(fx.lux), body: { evaluationDate: '2024-08-01', value: 13_000 } },
    updateLuxEvaluation: {
      params: { id: fx.lux, evaluationId: fx.luxEvaluation },
      body: { evaluationDate: '2024-08-02', value: 13_000 },
    },
    deleteLuxEvaluation: { params: { id: fx.lux, evaluationId: fx.luxEvaluation } },
    saveReportLogo: {
      body: {
        logoStream:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      },
    },
    saveReportSettings: {
      query: { clientId: fx.person },
      body: { sections: ['overview', 'financial'], portfolios: [fx.portfolio] },
    },
    // The admin's users (issue 17).
    createUser: {
      body: {
        login: 'bad.input',
        name: 'Bad Input',
        email: 'bad.input.user@example.com',
        role: 'DELEGATE',
        permissions: ['APPROVE_MOVEMENT'],
        clientId: null,
        proId: fx.user,
      },
    },
    updateUser: {
      params: id(fx.user),
      body: {
        name: 'Bad Input',
        email: 'bad.input.user@example.com',
        permissions: [],
        clientId: null,
        proId: null,
        active: true,
      },
    },
    resetUserPassword: { params: id(fx.user) },
    // Planning (issue 18).
    createFlow: { body: { clientId: fx.person, ...flow } },
    updateFlow: { params: id(fx.flow), body: flow },
    deleteFlow: { params: id(fx.flow) },
    createFlowRecord: { body: { flowId: fx.flow, date: '2024-05-27', amount: 3_100, note: null } },
    updateFlowRecord: { params: id(fx.flowRecord), body: { date: '2024-05-27', amount: 3_150, note: 'bonus' } },
    deleteFlowRecord: { params: id(fx.flowRecord) },
    createPolicy: { body: { clientId: fx.person, ...policy } },
    updatePolicy: { params: id(fx.policy), body: policy },
    deletePolicy: { params: id(fx.policy) },
    updatePlanningSettings: { body: { clientId: fx.person, retirementDate: '2045-06-30', discountRate: 0.025 } },
    createGoal: { body: { clientId: fx.person, ...goal } },
    updateGoal: { params: id(fx.goal), body: goal },
    deleteGoal: { params: id(fx.goal) },
    createSimulation: { body: { clientId: fx.person, ...simulation } },
    updateSimulation: { params: id(fx.simulation), body: simulation },
    deleteSimulation: { params: id(fx.simulation) },
    computeSimulationWealth: { body: { clientId: fx.person, simulation } },
    // Professional registration and delegates (issue 19).
    registerPro: {
      body: {
        firstName: 'Bad',
        lastName: 'Input',
        email: 'bad.input.pro@example.com',
        vat: fx.newVat,
        registerNumber: 'OCF999',
        password: 'Bad-input-password-1',
        termsAccepted: true,
        privacyAccepted: true,
      },
    },
    confirmProRegistration: { body: { token: 'bad-input-token' } },
    inviteDelegate: {
      body: { name: 'Bad Input', email: 'bad.input.delegate@example.com', permissions: ['APPROVE_MOVEMENT'] },
    },
    updateDelegate: { params: id(fx.delegate), body: { permissions: ['APPROVE_MOVEMENT'], active: true } },
    resendDelegateInvite: { params: id(fx.delegate) },
    removeDelegate: { params: id(fx.delegate) },
    // The practice's documents and support tickets (issue 19): multipart routes get their fields as a JSON body,
    // which is refused as a whole; the rest are JSON.
    uploadDocument: { body: { clientId: fx.person, category: 'MANDATE' } },
    deleteDocument: { params: id(fx.document) },
    createTicket: { body: { category: 'OTHER', subject: 'Oggetto', text: 'Testo' } },
    replyTicket: { params: id(fx.ticket), body: { text: 'Risposta' } },
    updateTicket: { params: id(fx.ticket), body: { state: 'CLOSED' } },
    // Subscriptions (issue 19): the migration's plans, CLIENT_MONTHLY (1) and PRO_MONTHLY (3).
    createClientCheckout: { params: id(fx.person), body: { planId: 1 } },
    createPracticeCheckout: { body: { planId: 3 } },
    stripeWebhook: { body: { id: 'evt_bad_input', type: 'checkout.session.completed' } },
    recordBankTransfer: {
      body: { clientId: fx.person, planId: 1, paidOn: '2024-05-27', reference: 'PATRIMONIO-C1', amount: 9.9 },
    },
    // Widget tokens (issue 20): the PRO pro's client and family, and its fixture token.
    issueClientWidgetToken: { params: id(fx.person), body: widgetTokenBody },
    issueFamilyWidgetToken: { params: id(fx.family), body: widgetTokenBody },
    revokeWidgetToken: { params: { tokenId: fx.widgetToken } },
    reissueWidgetToken: { params: { tokenId: fx.widgetToken } },
  };
}

/** The public write routes: no bearer token. */
const PUBLIC_WRITES: readonly WriteRouteName[] = [
  'registerClient',
  'registerPro',
  'confirmProRegistration',
  'stripeWebhook',
];
/** The PRO's own calls: the report logo, its delegates, its practice's documents and subscription checkouts (issue 19). */
const PRO_WRITES: readonly WriteRouteName[] = [
  'saveReportLogo',
  'inviteDelegate',
  'updateDelegate',
  'resendDelegateInvite',
  'removeDelegate',
  'uploadDocument',
  'deleteDocument',
  'createClientCheckout',
  'createPracticeCheckout',
  // Issue 20: widget tokens are a PRO's own (ADMIN 403).
  'issueClientWidgetToken',
  'issueFamilyWidgetToken',
  'revokeWidgetToken',
  'reissueWidgetToken',
];

/** The login that may call a route (ADMIN may call every one but a PRO's own); null: public. */
export function loginFor(route: WriteRouteName): 'admin' | 'pro' | null {
  if (PUBLIC_WRITES.includes(route)) return null;
  return PRO_WRITES.includes(route) ? 'pro' : 'admin';
}

// ---------------------------------------------------------------------------------------------------------------
// The bad values
// ---------------------------------------------------------------------------------------------------------------

/** A JSON number JSON.stringify cannot write (1e999 parses to Infinity): replaced in the payload text. */
class RawNumber {
  constructor(readonly text: string) {}
  toJSON() {
    return `\u0001raw:${this.text}\u0001`;
  }
}
/** A required property left out. */
const REMOVE = Symbol('remove');

const unwrap = (s: Schema, value?: unknown): Schema => {
  if (!s.anyOf) return s;
  const branches = s.anyOf.filter((b) => b.type !== 'null');
  const matching = branches.find((b) =>
    value === undefined || value === null
      ? true
      : typeOf(value) === b.type || (b.type === 'integer' && typeof value === 'number'),
  );
  return matching ?? branches[0] ?? s;
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** The JSON types a schema accepts ('any' for none named). */
function accepted(s: Schema): Set<string> {
  const out = new Set<string>();
  const add = (x: Schema) => {
    if (x.anyOf) for (const b of x.anyOf) add(b);
    else if (x.type) for (const t of Array.isArray(x.type) ? x.type : [x.type]) out.add(t);
    else if (x.enum) for (const v of x.enum) out.add(typeOf(v) === 'number' ? 'number' : typeOf(v));
    else if (x.const !== undefined) out.add(typeOf(x.const));
    else out.add('any');
  };
  add(s);
  if (out.has('integer')) out.add('number');
  return out;
}

/** A pattern of digits and dashes, or of a date and a time. */
const DATE_PATTERN = /\{4\}-|\d\{4\}|\[ T\]/;
/**
 * A date field: format date, a date's pattern, or a name that says so and no pattern of its own (a layout's `date`
 * column is the header of the file's date column, text whose own pattern is not a date's: '0001-01-01' is a header).
 */
const isDateLike = (s: Schema, key: string) =>
  s.format === 'date' || DATE_PATTERN.test(s.pattern ?? '') || (/date/i.test(key) && s.pattern === undefined);
/** A date and time ('YYYY-MM-DD HH:mm'): its pattern has the date's separator from the time. */
const isDateTime = (s: Schema) => s.format !== 'date' && /\[ T\]/.test(s.pattern ?? '');

const BAD_DATES = [
  '0001-01-01',
  '99999-01-01',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '1949-12-31',
  '2101-01-01',
  'infinity',
  '-infinity',
  'epoch',
  '2024-1-1',
];

const GARBAGE = fc.oneof(
  fc.constant({ a: { b: [1, { c: '\u0000' }, [[[[]]]]] } }),
  fc.constant({ $gt: '' }),
  fc.constant([[{}], null, 1e308]),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 4 }),
);

/** Bad values for a JSON field of this schema: never one it should accept. */
function badJson(schema: Schema, key: string, example: unknown, required: boolean): fc.Arbitrary<unknown> {
  const s = unwrap(schema, example);
  const types = accepted(schema);
  const any = types.has('any');
  const nullable = types.has('null') || any;
  const options: fc.Arbitrary<unknown>[] = [];
  if (types.has('number') || any) {
    options.push(
      fc.constantFrom(1e308, -1e308, 1e300, 2 ** 63, 1e20, -1e20, Number.MAX_VALUE),
      fc.constantFrom(new RawNumber('1e999'), new RawNumber('-1e999'), new RawNumber('123456789012345678901234567890')),
    );
    if (!types.has('string')) options.push(fc.constantFrom('Infinity', '-Infinity', 'NaN', '1e308', '1', ''));
  }
  if (types.has('integer') && !any) options.push(fc.constantFrom(2 ** 53, 0.5, 1.000001, -1));
  if (types.has('string') || any) {
    const base = typeof example === 'string' ? example : 'x';
    const max = s.maxLength ?? 100_000;
    options.push(
      fc.constantFrom(`${base}\u0000`, '\u0000', `\u0000${base}`, `a\u0000b`),
      fc.constant('a'.repeat(max + 1)),
    );
    if (isDateLike(s, key)) {
      const suffix = isDateTime(s) ? ' 10:00' : '';
      options.push(fc.constantFrom(...BAD_DATES.map((d) => `${d}${suffix}`)));
      if (isDateTime(s)) options.push(fc.constantFrom('2024-01-01 25:00', '2024-01-01 10:61', '2024-02-30 10:00'));
    }
    if (s.enum)
      options.push(fc.constantFrom('NOT_A_VALUE', `${String(s.enum[0])}\u0000`, `${String(s.enum[0]).toLowerCase()}x`));
  }
  if (!any) {
    const wrong: unknown[] = [];
    if (!types.has('number')) wrong.push(1, 1e308);
    if (!types.has('string')) wrong.push('x', 'a\u0000');
    if (!types.has('boolean')) wrong.push(true);
    if (!nullable) wrong.push(null);
    if (!types.has('object')) wrong.push({});
    if (!types.has('array')) wrong.push([], [1e308]);
    if (wrong.length) options.push(fc.constantFrom(...wrong));
    if (!types.has('object')) options.push(GARBAGE);
    else options.push(fc.constant({ ...(typeof example === 'object' && example ? example : {}), notAField: 1 }));
  }
  if (required) options.push(fc.constant(REMOVE));
  return fc.oneof(...options);
}

/** Bad text for a path parameter or a query value (both reach the server as text and are coerced). */
const BAD_TEXT = [
  '99999999999999999999',
  '9223372036854775808',
  '9007199254740993',
  '1e308',
  '1e999',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '0',
  '1.5',
  '0x10',
  '1e3x',
  'abc',
  '\u0000',
  '1\u0000',
  '',
  ' ',
];

interface Leaf {
  where: 'body' | 'params' | 'query';
  path: (string | number)[];
  schema: Schema;
  required: boolean;
  /** A key of a record (`usersFamily`): the key itself is made bad. */
  recordKey?: boolean;
}

/** The fields of a schema, walked along the example's values (array items: the first; records: each key). */
function leaves(schema: Schema, value: unknown, where: Leaf['where'], path: (string | number)[] = []): Leaf[] {
  const s = unwrap(schema, value);
  const out: Leaf[] = [];
  if (s.properties) {
    const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    for (const [key, child] of Object.entries(s.properties)) {
      const required = (s.required ?? []).includes(key);
      out.push({ where, path: [...path, key], schema: child, required });
      out.push(...leaves(child, v[key], where, [...path, key]).filter((l) => l.path.length > path.length + 1));
    }
  } else if (s.patternProperties) {
    const [child] = Object.values(s.patternProperties);
    const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    for (const key of Object.keys(v)) {
      out.push({ where, path: [...path, key], schema: child!, required: false });
      out.push({ where, path: [...path, key], schema: child!, required: false, recordKey: true });
    }
  } else if (s.items) {
    out.push({ where, path: [...path, 0], schema: s.items, required: false });
    const first = Array.isArray(value) ? value[0] : undefined;
    out.push(...leaves(s.items, first, where, [...path, 0]).filter((l) => l.path.length > path.length + 1));
  }
  return out;
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value === REMOVE ? undefined : value;
  const top = (root && typeof root === 'object' ? clone(root) : {}) as Record<string | number, unknown>;
  let node = top;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = next && typeof next === 'object' ? next : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return top;
}

function renameKey(root: unknown, path: (string | number)[], newKey: string): unknown {
  const top = clone(root) as Record<string, unknown>;
  let node = top;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = String(path[path.length - 1]);
  node[newKey] = node[last];
  delete node[last];
  return top;
}

function urlOf(def: RouteDef, params: Record<string, unknown>, query: Record<string, unknown> | undefined): string {
  const path = def.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  if (!query || !Object.keys(query).length) return path;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  }
  return `${path}?${search.toString()}`;
}

const payloadOf = (body: unknown): string | undefined =>
  body === undefined ? undefined : JSON.stringify(body).replace(/"\\u0001raw:([^\\]*)\\u0001"/g, '$1');

const show = (v: unknown): string => {
  if (v === REMOVE) return '(left out)';
  if (v instanceof RawNumber) return v.text;
  const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 57)}... (${text.length} chars)` : text;
};

/** The bad requests of one route: one field of its example made bad, or the whole body replaced by garbage. */
export function badRequests(route: WriteRouteName, example: Example): fc.Arbitrary<BadRequest> {
  const def = routes[route] as RouteDef;
  const params = { ...(example.params ?? {}) };
  const query = example.query ? { ...example.query } : undefined;
  const body = example.body;
  const make = (p: Record<string, unknown>, q: Record<string, unknown> | undefined, b: unknown, fault: string) => ({
    route,
    method: def.method,
    url: urlOf(def, p, q),
    payload: payloadOf(b),
    fault,
  });
  const targets: fc.Arbitrary<BadRequest>[] = [];
  for (const name of Object.keys(params)) {
    targets.push(
      fc
        .oneof(
          { weight: 9, arbitrary: fc.constantFrom(...BAD_TEXT) },
          { weight: 1, arbitrary: fc.constant('9'.repeat(120)) },
        )
        .map((v) => make({ ...params, [name]: v }, query, body, `path ${name} = ${show(v)}`)),
    );
  }
  if (def.querystring) {
    for (const leaf of leaves(def.querystring as Schema, query, 'query')) {
      const key = String(leaf.path[0]);
      targets.push(
        fc
          .oneof(
            // 1.5 is a good number where a fraction is (a weight): bad only for an integer.
            fc.constantFrom(
              ...BAD_TEXT.filter(
                (v) => v !== '1.5' || !accepted(leaf.schema).has('number') || accepted(leaf.schema).has('integer'),
              ),
            ),
            fc.constant(['1', '2']),
            ...(isDateLike(unwrap(leaf.schema), key) ? [fc.constantFrom(...BAD_DATES)] : []),
          )
          .map((v) => make(params, { ...query, [key]: v }, body, `query ${key} = ${show(v)}`)),
      );
    }
  }
  // A public write reads its body even without a schema (Stripe's webhook reads it raw): garbage bodies at least.
  if (def.body || def.multipart || def.auth === false) {
    const bodySchema = (def.body ?? { type: 'object', properties: {} }) as Schema;
    for (const leaf of leaves(bodySchema, body, 'body')) {
      const at = leaf.path.join('.');
      if (leaf.recordKey) {
        targets.push(
          fc
            .constantFrom('99999999999999999999', '0', '-1', '1e308', 'Infinity', 'NaN', '1\u0000', '')
            .map((k) => make(params, query, renameKey(body, leaf.path, k), `body key ${at} -> ${show(k)}`)),
        );
        continue;
      }
      let current: unknown = body;
      for (const k of leaf.path) current = current && typeof current === 'object' ? (current as never)[k] : undefined;
      targets.push(
        badJson(leaf.schema, String(leaf.path[leaf.path.length - 1]), current, leaf.required).map((v) =>
          make(params, query, setAt(body, leaf.path, v), `body.${at} = ${show(v)}`),
        ),
      );
    }
    targets.push(
      fc
        .oneof(
          GARBAGE,
          fc.constantFrom(1e308, 'x', [], [body], true, null, new RawNumber('1e999')),
          fc.constant(body && typeof body === 'object' ? { ...body, notAField: 1 } : { notAField: 1 }),
        )
        .map((v) => make(params, query, v, `body = ${show(v)}`)),
    );
  }
  return fc.oneof(...targets);
}

/** Bad requests over every write route. */
export function badRequestsOfAll(ex: Record<WriteRouteName, Example>): fc.Arbitrary<BadRequest> {
  return fc.oneof(...WRITE_ROUTES.map((r) => badRequests(r, ex[r])));
}

// ---------------------------------------------------------------------------------------------------------------
// What changed
// ---------------------------------------------------------------------------------------------------------------

/**
 * Tables left out of the comparison, written by what the bad requests do not control: the issuer's sessions and
 * grants (oidc_payloads) and its sign-in throttle (sign_in_failures) change with each sign-in; the analytics
 * snapshots and the stored valuation series are rebuilt by the job queue in the background whenever a reader finds
 * them stale, and the series' jobs forget the recorded changes they no longer need (analytics_changes; every write
 * that records one bumps analytics_versions, which is compared).
 */
export const UNCOMPARED_TABLES = [
  'oidc_payloads',
  'sign_in_failures',
  'analytics_snapshots',
  'valuation_series',
  'analytics_changes',
];

/** A checksum of every row of every table of the application's schema (public), by table. */
export async function tableChecksums(db: Queryable): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of rows) {
    if (UNCOMPARED_TABLES.includes(name)) continue;
    const r = await db.query<{ n: number; h: string }>(
      `select count(*)::int as n, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as h
         from "${name}" t`,
    );
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.h}`;
  }
  return out;
}

/** The tables whose rows differ between two checksums. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);

// ---------------------------------------------------------------------------------------------------------------
// Sending them
// ---------------------------------------------------------------------------------------------------------------

/** Bearer tokens of the logins loginFor names. */
export type BadInputTokens = Record<'admin' | 'pro', string>;

export async function sendBad(
  app: FastifyInstance,
  tokens: BadInputTokens,
  req: BadRequest,
): Promise<{ status: number; body: string }> {
  const login = loginFor(req.route);
  const res = await app.inject({
    method: req.method,
    url: req.url,
    headers: {
      ...(login ? { authorization: `Bearer ${tokens[login]}` } : {}),
      ...(req.payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

export interface BadInputRun {
  sent: number;
  statuses: Record<number, number>;
  /** The requests answered 5xx (the first 20), with the answer. */
  serverErrors: { request: BadRequest; status: number; body: string }[];
  serverErrorCount: number;
  /** Requests answered 2xx: a bad value accepted. */
  acceptedCount: number;
  accepted: { request: BadRequest; status: number }[];
  /** Tables whose rows changed over the run. */
  changed: string[];
}

/** Sends `cases` bad requests over every write route (in batches, so no more than a batch is held at once). */
export async function runBadInput(options: {
  app: FastifyInstance;
  db: Queryable;
  tokens: BadInputTokens;
  cases: number;
  seed?: number;
}): Promise<BadInputRun> {
  const { app, db, tokens, cases } = options;
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const arbitrary = badRequestsOfAll(examples(await badInputFixtures(db)));
  const before = await tableChecksums(db);
  const run: BadInputRun = {
    sent: 0,
    statuses: {},
    serverErrors: [],
    serverErrorCount: 0,
    acceptedCount: 0,
    accepted: [],
    changed: [],
  };
  for (let batch = 0; run.sent < cases; batch++) {
    const requests = fc.sample(arbitrary, { numRuns: Math.min(200, cases - run.sent), seed: seed + batch });
    for (const request of requests) {
      const { status, body } = await sendBad(app, tokens, request);
      run.sent += 1;
      run.statuses[status] = (run.statuses[status] ?? 0) + 1;
      if (status >= 500) {
        run.serverErrorCount += 1;
        if (run.serverErrors.length < 20) run.serverErrors.push({ request, status, body });
      } else if (status < 400) {
        run.acceptedCount += 1;
        if (run.accepted.length < 20) run.accepted.push({ request, status });
      }
    }
  }
  run.changed = changedTables(before, await tableChecksums(db));
  return run;
}
