// Reference lists shared by the server (validation) and the pages (selects).
export * from './countries.ts';
export * from './provinces.ts';
