// Schemas of the financial data calls: currencies, intermediaries and branches, portfolios and accounts.
import { type Static, type TSchema, Type } from 'typebox';
import {
  CurrencyId,
  Id,
  IsoDate as IsoDateField,
  Name as NameField,
  Nullable,
  PageNumber,
  PageSize,
  Text as TextField,
} from './fields.ts';

const strict = { additionalProperties: false } as const;
const Name = NameField(200);
const IsoDate = IsoDateField();

export const FI_TYPES = ['TRUST', 'CREDIT_INSTITUTE'] as const;
export const FiType = Type.Enum(FI_TYPES);
export type FiType = (typeof FI_TYPES)[number];

export const ACCOUNT_TYPES = ['CONTO_CORRENTE', 'CUSTODIA_TITOLI'] as const;
export const AccountType = Type.Enum(ACCOUNT_TYPES, {
  description: 'CONTO_CORRENTE: current account; CUSTODIA_TITOLI: securities account',
});
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const MACRO_ASSET_CLASSES = ['Equity', 'Alternative', 'Bond'] as const;

/** A page of a list: `{ item, total, page, size }` (page counts from 1). */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ item: Type.Array(item), total: Type.Integer(), page: Type.Integer(), size: Type.Integer() });

const paging = (sortFields: readonly string[]) => ({
  q: Type.Optional(TextField(200, { description: 'Search text' })),
  page: Type.Optional(PageNumber()),
  size: Type.Optional(PageSize(100000, 10000)),
  sort: Type.Optional(
    Type.String({
      pattern: `^(${sortFields.join('|')})(,(asc|desc))?$`,
      maxLength: 32,
      description: `field[,asc|desc], field one of ${sortFields.join(', ')}; default updatedAt,desc`,
    }),
  ),
});

// Currencies
export const CurrencyMenuItem = Type.Object({ id: Id, iso: Type.String(), symbol: Type.String(), name: Type.String() });

// Intermediaries and branches
export const IntermediaryMenuQuery = Type.Object({ fiType: Type.Optional(FiType) }, strict);
export const IntermediaryMenuItem = Type.Object({ id: Id, name: Type.String(), fiType: FiType });

export const Intermediary = Type.Object({
  id: Id,
  name: Type.String(),
  fiType: FiType,
  abi: Nullable(Type.String()),
  bic: Nullable(Type.String()),
  editable: Type.Boolean({ description: 'The caller may edit it (ADMIN, BACK_OFFICE or its creator)' }),
});
export type Intermediary = Static<typeof Intermediary>;

const Abi = Nullable(Type.String({ pattern: '^[0-9]{5}$', maxLength: 5, description: 'Italian bank code (ABI)' }));
const Bic = Nullable(Type.String({ pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$', maxLength: 11, description: 'SWIFT/BIC' }));
const Cab = Nullable(Type.String({ pattern: '^[0-9]{5}$', maxLength: 5, description: 'Italian branch code (CAB)' }));
const Text = Nullable(TextField(300));

const branchFields = {
  name: Name,
  cab: Type.Optional(Cab),
  address: Type.Optional(Text),
  city: Type.Optional(Text),
};
export const BranchInput = Type.Object(branchFields, strict);
export const IntermediaryCreate = Type.Object(
  {
    name: Name,
    fiType: FiType,
    abi: Type.Optional(Abi),
    bic: Type.Optional(Bic),
    branch: Type.Optional(BranchInput),
  },
  strict,
);
export const IntermediaryUpdate = Type.Object(
  { name: Name, fiType: FiType, abi: Type.Optional(Abi), bic: Type.Optional(Bic) },
  strict,
);
export const Created = Type.Object({ id: Id });
export const IntermediaryCreated = Type.Object({ id: Id, branchId: Nullable(Id) });

export const Branch = Type.Object({
  id: Id,
  financialIntermediaryId: Id,
  name: Type.String(),
  cab: Nullable(Type.String()),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
});
export type Branch = Static<typeof Branch>;
export const BranchMenuItem = Type.Object({ id: Id, name: Type.String(), financialIntermediaryId: Id });
export const BranchCreate = Type.Object({ financialIntermediaryId: Id, ...branchFields }, strict);
export const BranchUpdate = BranchInput;
export const BranchListQuery = Type.Object(paging(['name', 'city', 'createdAt', 'updatedAt']), strict);

// Portfolios
const ownerFilter = {
  clientId: Type.Optional(Id),
  familyId: Type.Optional(Id),
};
export const PortfolioMenuQuery = Type.Object(ownerFilter, strict);
export const PortfolioMenuItem = Type.Object({
  id: Nullable(Id),
  owner: Type.String({ description: 'Display name of the owner client (the family name for a family aggregate)' }),
  ownerId: Nullable(Id),
  familyId: Nullable(Id),
  name: Type.String(),
  aggregate: Type.Boolean(),
  currencySymbol: Type.String(),
  firstMovementDate: Nullable(IsoDate),
  lastQuantityCheckOkDate: Nullable(IsoDate),
  testing: Type.Boolean(),
});
export type PortfolioMenuItem = Static<typeof PortfolioMenuItem>;

export const Portfolio = Type.Object({
  id: Id,
  clientId: Id,
  owner: Type.String(),
  name: Type.String(),
  aggregate: Type.Boolean(),
  familyId: Nullable(Id),
  currencyId: Id,
  currencySymbol: Type.String(),
  testing: Type.Boolean(),
  firstMovementDate: Nullable(IsoDate),
  lastQuantityCheckOkDate: Nullable(IsoDate),
  accountIds: Type.Array(Id),
});
export type Portfolio = Static<typeof Portfolio>;
export const PortfolioCreate = Type.Object(
  { clientId: Id, name: Name, currencyId: Type.Optional(CurrencyId), testing: Type.Optional(Type.Boolean()) },
  strict,
);
export const PortfolioUpdate = Type.Object(
  { name: Name, currencyId: Type.Optional(CurrencyId), testing: Type.Optional(Type.Boolean()) },
  strict,
);

// Accounts
export const Account = Type.Object({
  id: Id,
  accountType: AccountType,
  name: Type.String(),
  iban: Nullable(Type.String()),
  testing: Type.Boolean(),
  clientId: Id,
  user: Type.String({ description: 'Display name of the owner client' }),
  financialIntermediaryId: Id,
  intermediary: Type.String(),
  branchId: Nullable(Id),
  currencyId: Id,
  currencySymbol: Type.String(),
  portfolioIds: Type.Array(Id),
});
export type Account = Static<typeof Account>;
export const AccountMenuItem = Type.Object({
  id: Id,
  name: Type.String(),
  accountType: AccountType,
  iban: Nullable(Type.String()),
  clientId: Id,
  user: Type.String(),
  intermediary: Type.String(),
  currencySymbol: Type.String(),
  testing: Type.Boolean(),
});
/** accountType as the portal sends it: 1 = CONTO_CORRENTE, 2 = CUSTODIA_TITOLI, or the name. */
const AccountTypeQuery = Type.Enum(['1', '2', ...ACCOUNT_TYPES], {
  description: '1 = CONTO_CORRENTE, 2 = CUSTODIA_TITOLI, or the type name; omitted = all types',
});
export const AccountMenuQuery = Type.Object({ ...ownerFilter, accountType: Type.Optional(AccountTypeQuery) }, strict);
export const AccountListQuery = Type.Object(
  { ...ownerFilter, accountType: Type.Optional(AccountTypeQuery), ...paging(['name', 'createdAt', 'updatedAt']) },
  strict,
);
export const PortfolioAccountsQuery = Type.Object(paging(['name', 'createdAt', 'updatedAt']), strict);

const Iban = TextField(42, { minLength: 15, description: 'IBAN; spaces allowed, checked with mod-97' });
export const AccountCreate = Type.Object(
  {
    clientId: Id,
    accountType: AccountType,
    name: Name,
    iban: Type.Optional(Nullable(Iban)),
    financialIntermediaryId: Id,
    branchId: Type.Optional(Nullable(Id)),
    currencyId: Type.Optional(CurrencyId),
    testing: Type.Optional(Type.Boolean()),
    portfolioIds: Type.Optional(Type.Array(Id, { uniqueItems: true, maxItems: 100 })),
  },
  strict,
);
export const AccountUpdate = Type.Object(
  {
    accountType: AccountType,
    name: Name,
    iban: Type.Optional(Nullable(Iban)),
    financialIntermediaryId: Id,
    branchId: Type.Optional(Nullable(Id)),
    currencyId: Type.Optional(CurrencyId),
    testing: Type.Optional(Type.Boolean()),
  },
  strict,
);
export const AccountPortfolioLinks = Type.Object(
  {
    links: Type.Array(Type.Object({ accountId: Id, portfolioId: Id }, strict), { minItems: 1, maxItems: 1000 }),
  },
  strict,
);
export const LinksResult = Type.Object({ added: Type.Integer({ description: 'Links that did not exist before' }) });

export const IbanParams = Type.Object({ iban: TextField(64, { minLength: 1 }) }, strict);
export const IbanCheck = Type.Object({
  iban: Type.String({ description: 'Normalised: upper case, no spaces' }),
  valid: Type.Boolean(),
  reason: Nullable(Type.String({ description: 'Why it is not valid: format, length, country or checksum' })),
  countryCode: Nullable(Type.String()),
  abi: Nullable(Type.String({ description: 'Italian IBANs: bank code' })),
  cab: Nullable(Type.String({ description: 'Italian IBANs: branch code' })),
  financialIntermediaryId: Nullable(Id),
  intermediary: Nullable(Type.String()),
  accountId: Nullable(Id),
});
