// The financial_intermediaries and branches tables: shared reference data (who may change a record: access/intermediaries.ts).
import type { Queryable, Row } from '../../db/database.ts';
import { likePattern, type PageQuery, paging } from '../sql.ts';

export interface IntermediaryValues {
  name: string;
  fiType: string;
  abi: string | null;
  bic: string | null;
}

export interface BranchValues {
  name: string;
  cab: string | null;
  address: string | null;
  city: string | null;
}

/** An intermediary row as the contract shows it; `editable` says whether the caller may change it. */
export const toIntermediary = (r: Row, editable: boolean) => ({
  id: Number(r.id),
  name: String(r.name),
  fiType: r.fi_type as 'TRUST' | 'CREDIT_INSTITUTE',
  abi: (r.abi as string | null) ?? null,
  bic: (r.bic as string | null) ?? null,
  editable,
});

export const toBranch = (r: Row) => ({
  id: Number(r.id),
  financialIntermediaryId: Number(r.financial_intermediary_id),
  name: String(r.name),
  cab: (r.cab as string | null) ?? null,
  address: (r.address as string | null) ?? null,
  city: (r.city as string | null) ?? null,
});

/** The intermediary row, or undefined; with lock, locked for the rest of the transaction. */
export async function findIntermediary(db: Queryable, id: number, lock = false): Promise<Row | undefined> {
  const { rows } = await db.query(`select * from financial_intermediaries where id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0];
}

/** Intermediaries by name, of one type when given. */
export async function intermediaryMenu(db: Queryable, fiType: string | undefined) {
  const { rows } = await db.query(
    `select id, name, fi_type from financial_intermediaries where ($1::text is null or fi_type = $1)
      order by lower(name), id`,
    [fiType ?? null],
  );
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), fiType: r.fi_type as 'TRUST' }));
}

export async function insertIntermediary(db: Queryable, v: IntermediaryValues, userId: number | null): Promise<Row> {
  const { rows } = await db.query(
    `insert into financial_intermediaries (name, fi_type, abi, bic, created_by)
     values ($1, $2, $3, $4, $5) returning *`,
    [v.name, v.fiType, v.abi, v.bic, userId],
  );
  return rows[0]!;
}

export async function updateIntermediary(db: Queryable, id: number, v: IntermediaryValues): Promise<Row> {
  const { rows } = await db.query(
    `update financial_intermediaries set name = $2, fi_type = $3, abi = $4, bic = $5, updated_at = now()
      where id = $1 returning *`,
    [id, v.name, v.fiType, v.abi, v.bic],
  );
  return rows[0]!;
}

/** The branch row locked, with its intermediary's creator (fi_created_by), or undefined. */
export async function lockBranchWithOwner(db: Queryable, id: number): Promise<Row | undefined> {
  const { rows } = await db.query(
    `select b.*, fi.created_by as fi_created_by from branches b
       join financial_intermediaries fi on fi.id = b.financial_intermediary_id where b.id = $1 for update of b`,
    [id],
  );
  return rows[0];
}

/** One page of an intermediary's branches, filtered by name, city or CAB. */
export async function listBranches(db: Queryable, intermediaryId: number, query: PageQuery & { q?: string }) {
  const p = paging(
    query,
    { name: 'lower(b.name)', city: 'lower(b.city)', createdAt: 'b.created_at', updatedAt: 'b.updated_at' },
    'b',
  );
  const where = `b.financial_intermediary_id = $1 and ($2::text is null or b.name ilike $2 or b.city ilike $2 or b.cab ilike $2)`;
  const params = [intermediaryId, query.q ? likePattern(query.q) : null];
  const { rows } = await db.query(`select b.* from branches b where ${where} order by ${p.orderBy} ${p.limit}`, params);
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from branches b where ${where}`,
    params,
  );
  return { item: rows.map(toBranch), total: count[0]!.n, page: p.page, size: p.size };
}

export async function branchMenu(db: Queryable, intermediaryId: number) {
  const { rows } = await db.query(
    'select id, name, financial_intermediary_id from branches where financial_intermediary_id = $1 order by lower(name), id',
    [intermediaryId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    financialIntermediaryId: Number(r.financial_intermediary_id),
  }));
}

export async function insertBranch(
  db: Queryable,
  intermediaryId: number,
  v: BranchValues,
  userId: number | null,
): Promise<Row> {
  const { rows } = await db.query(
    `insert into branches (financial_intermediary_id, name, cab, address, city, created_by)
     values ($1, $2, $3, $4, $5, $6) returning *`,
    [intermediaryId, v.name, v.cab, v.address, v.city, userId],
  );
  return rows[0]!;
}

export async function updateBranch(db: Queryable, id: number, v: BranchValues): Promise<Row> {
  const { rows } = await db.query(
    'update branches set name = $2, cab = $3, address = $4, city = $5, updated_at = now() where id = $1 returning *',
    [id, v.name, v.cab, v.address, v.city],
  );
  return rows[0]!;
}

export async function deleteBranch(db: Queryable, id: number): Promise<void> {
  await db.query('delete from branches where id = $1', [id]);
}

/** Whether the intermediary exists. */
export async function intermediaryExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from financial_intermediaries where id = $1', [id]);
  return rows.length > 0;
}

/** Whether the branch belongs to the intermediary. */
export async function isBranchOf(db: Queryable, branchId: number, intermediaryId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from branches where id = $1 and financial_intermediary_id = $2', [
    branchId,
    intermediaryId,
  ]);
  return rows.length > 0;
}

/** The first intermediary with this ABI code, or undefined. */
export async function intermediaryByAbi(db: Queryable, abi: string): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'select id, name from financial_intermediaries where abi = $1 order by id limit 1',
    [abi],
  );
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].name } : undefined;
}
