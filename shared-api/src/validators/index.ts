// The identifier checks shared by the server (which refuses with 400) and the pages (which say it while typing),
// without schemas: tax code and VAT number, IBAN, ISIN.
export * from './iban.ts';
export * from './isin.ts';
export * from './italian-ids.ts';
