/**
 * SQL for a client's display name (data-and-admin section 3): name, company name, first and last name, vat,
 * tax code. `alias` is the clients table's alias in the query.
 */
export const clientDisplayNameSql = (alias = 'c') =>
  `coalesce(${alias}.name, ${alias}.company_name, nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.vat, ${alias}.tax_code, '')`;
