// Request bodies the file exchange's tests share: a bank whose movement files are ';' CSVs of IBAN, date (dd/mm/yyyy),
// amount (decimal comma), currency, the bank's cause code and a description, and the mapping of its code 48 (a credit)
// to a deposit.

/** The columns of the bank's movement files, in order: the header line is these joined by ';'. */
export const BANK_MOVEMENT_COLUMNS = ['IBAN', 'Data', 'Importo', 'Divisa', 'Causale', 'Descrizione'] as const;

/** POST /api/v1/counterpart: a bank on the given server whose '*.csv' files are movements in that layout. */
export function movementsCounterpart(name: string, serverId: number | null) {
  return {
    name,
    abi: null,
    intermediaryId: null,
    serverId,
    folder: null,
    formats: [
      {
        format: 'LAYOUT',
        filePattern: '*.csv',
        layout: {
          kind: 'MOVEMENTS',
          accountRef: 'IBAN',
          dateFormat: 'DD/MM/YYYY',
          decimalSeparator: ',',
          columns: {
            account: 'IBAN',
            date: 'Data',
            amount: 'Importo',
            currency: 'Divisa',
            code: 'Causale',
            description: 'Descrizione',
          },
        },
      },
    ],
  };
}

/** POST /api/v1/mapping: the counterpart's cause code 48, a credit, read as a deposit. */
export function depositMapping(counterpartId: number) {
  return {
    counterpartId,
    kind: 'CAUSE',
    code: '48',
    direction: 'CREDIT',
    cause: 'DEPOSIT',
    subcause: null,
    instrumentId: null,
    accountId: null,
  };
}
