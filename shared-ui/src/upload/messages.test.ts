// Issue 13: "An upload refused by the server shows its English reason inside the Italian message: the server's
// reasons are codes, translated in the portal." Every row code and every file code has an Italian and an English
// text from the catalogs, with its details filled in, and never the server's English words.
import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { REJECTION_CODES, UPLOAD_ERROR_CODES } from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import { messages as en } from '../locales/en/messages.ts';
import { messages as it } from '../locales/it/messages.ts';
import { rejectionMessage, uploadFailureMessage } from './messages.ts';

const i18n = setupI18n({ locale: 'it', messages: { it, en } });
const say = (locale: 'it' | 'en', d: MessageDescriptor) => {
  i18n.activate(locale);
  return i18n._(d);
};

const ROW_PARAMS = {
  value: '9.95',
  row: '2',
  isin: 'US0378331005',
  currency: 'USD',
  decimal: ',',
  group: '.',
};

describe('rejected rows', () => {
  test.each(REJECTION_CODES)('%s has an Italian and an English text', (code) => {
    const d = rejectionMessage({ code, params: ROW_PARAMS });
    const italian = say('it', d);
    const english = say('en', d);
    expect(italian.length).toBeGreaterThan(5);
    expect(english.length).toBeGreaterThan(5);
    expect(english).not.toBe(italian);
    for (const text of [italian, english]) expect(text).not.toMatch(/[{}]/);
  });

  test('the separators of the file are named in the reason', () => {
    const d = rejectionMessage({ code: 'thousandsGroup', params: { value: '60.94', decimal: ',', group: '.' } });
    expect(say('it', d)).toBe(
      '"60.94": in questo file il separatore decimale è «,» e «.» separa le migliaia, quindi «.» deve essere seguito da esattamente tre cifre',
    );
    expect(say('en', d)).toBe(
      '"60.94": in this file «,» is the decimal separator and «.» groups thousands, so «.» must be followed by exactly three digits',
    );
  });
});

describe('an ambiguous XLSX text cell', () => {
  test('says why "10.000" reads two ways and how to write it, in both languages', () => {
    const d = rejectionMessage({ code: 'ambiguousText', params: { value: '10.000' } });
    expect(say('it', d)).toBe(
      '"10.000" è una cella di testo con un solo «.» o «,» seguito da tre cifre, quindi si può leggere come decimale o come migliaia: scrivilo come numero nel foglio di calcolo, o in modo non ambiguo (ad esempio 10000 oppure 10.000,00 / 10,000.00)',
    );
    expect(say('en', d)).toBe(
      '"10.000" is a text cell with a single «.» or «,» followed by three digits, so it could be read as a decimal or as thousands: type it as a number in the spreadsheet, or write it unambiguously (e.g. 10000, or 10.000,00 / 10,000.00)',
    );
  });
});

describe('files refused as a whole', () => {
  const generic = say('it', uploadFailureMessage(400, {})!);

  test.each(UPLOAD_ERROR_CODES)('%s has its own Italian and English text', (code) => {
    const d = uploadFailureMessage(400, { code, params: { columns: 'isin, price', value: '117.998', row: 2 } })!;
    const italian = say('it', d);
    const english = say('en', d);
    expect(italian).not.toBe(generic);
    expect(english).not.toBe(italian);
    for (const text of [italian, english]) expect(text).not.toMatch(/[{}]/);
  });

  test("the ambiguity names the file's convention and both ways out, in the user's language", () => {
    const body = {
      code: 'ambiguous_numbers',
      message: "The file separates columns with ';', so ',' is the decimal separator ...",
      params: { delimiter: ';', decimal: ',', group: '.', value: '117.998', row: '2' },
    };
    const italian = say('it', uploadFailureMessage(400, body)!);
    expect(italian).toBe(
      'Il file separa le colonne con il punto e virgola, quindi la virgola è il separatore decimale e il punto separa le migliaia; i suoi numeri usano solo il punto seguito da tre cifre ("117.998" alla riga 2), che si può leggere in due modi: scrivi i decimali con la virgola (117,998) o togli il separatore delle migliaia (117998).',
    );
    expect(italian).not.toContain('The file');
    const comma = { ...body.params, delimiter: ',', decimal: '.', group: ',', value: '1,500' };
    expect(say('en', uploadFailureMessage(400, { code: 'ambiguous_numbers', params: comma })!)).toContain(
      'write decimals with a dot (1.500) or leave out the thousands separator (1500)',
    );
  });

  test('a missing column is named; other answers', () => {
    const body = { code: 'missing_columns', message: 'Missing template columns: isin', params: { columns: 'isin' } };
    expect(say('it', uploadFailureMessage(400, body)!)).toBe('Mancano colonne del modello: isin.');
    expect(say('en', uploadFailureMessage(400, body)!)).toBe('Template columns are missing: isin.');
    expect(say('it', uploadFailureMessage(413, null)!)).toBe('Il file supera il limite di 15 MB.');
    expect(say('it', uploadFailureMessage(400, { code: 'VALIDATION', message: 'Invalid input' })!)).toBe(
      'La richiesta non è valida: controlla i campi del modulo.',
    );
    expect(uploadFailureMessage(500, { message: 'Internal server error' })).toBeNull();
  });
});

describe('issue 15: files beyond the reading limits, and a busy server', () => {
  test('413 too_large_uncompressed states the limit in MB, not the 15 MB of the file size', () => {
    const body = {
      code: 'too_large_uncompressed',
      message: 'The workbook unpacks to ...',
      params: { limit: '100000000' },
    };
    expect(say('it', uploadFailureMessage(413, body)!)).toBe(
      'Il file XLSX, una volta decompresso, supera il limite di 100 MB (o dichiara dimensioni false): salva solo il foglio da importare, o dividi il file.',
    );
    expect(say('en', uploadFailureMessage(413, body)!)).toContain('exceeds the limit of 100 MB');
    expect(say('it', uploadFailureMessage(413, { code: 'FST_REQ_FILE_TOO_LARGE' })!)).toBe(
      'Il file supera il limite di 15 MB.',
    );
  });

  test('rows and time name their limits; 503 uploads_busy says when to try again', () => {
    expect(say('it', uploadFailureMessage(400, { code: 'too_many_rows', params: { limit: '100000' } })!)).toBe(
      'Il file ha più di 100000 righe di dati: dividilo in più file.',
    );
    expect(say('en', uploadFailureMessage(400, { code: 'parse_timeout', params: { seconds: '30' } })!)).toBe(
      'Reading the file took more than 30 seconds and was stopped: split it into smaller files.',
    );
    const busy = { statusCode: 503, code: 'uploads_busy', params: { retryAfter: 5 } };
    expect(say('it', uploadFailureMessage(503, busy)!)).toBe(
      'Il server sta leggendo altri file: riprova tra 5 secondi.',
    );
    expect(uploadFailureMessage(503, { message: 'Service Unavailable' })).toBeNull();
  });
});

describe('issue 16: the bank files of the controls', () => {
  test('an account the caller does not see, an IBAN of several accounts, an account of the wrong type or currency', () => {
    const unknown = rejectionMessage({ code: 'unknownAccount', params: { value: 'IT60X0542811101000000123456' } });
    expect(say('it', unknown)).toBe(
      'conto sconosciuto "IT60X0542811101000000123456": scrivi l\'IBAN o l\'id di un conto che vedi',
    );
    expect(say('en', unknown)).toBe(
      'unknown account "IT60X0542811101000000123456": write the IBAN or the id of an account you can see',
    );
    const ambiguous = rejectionMessage({ code: 'ambiguousAccount', params: { value: 'IT60X054', accounts: '2' } });
    expect(say('it', ambiguous)).toBe('l\'IBAN "IT60X054" corrisponde a 2 conti che vedi: scrivi l\'id del conto');
    expect(say('en', ambiguous)).toBe('the IBAN "IT60X054" matches 2 accounts you can see: write the account\'s id');
    const securities = { value: '12', type: 'CONTO_CORRENTE', expected: 'CUSTODIA_TITOLI' };
    expect(say('it', rejectionMessage({ code: 'accountType', params: securities }))).toBe(
      'il conto "12" è un conto corrente: questo file è per i conti di custodia titoli',
    );
    const current = { value: '6', type: 'CUSTODIA_TITOLI', expected: 'CONTO_CORRENTE' };
    expect(say('en', rejectionMessage({ code: 'accountType', params: current }))).toBe(
      'account "6" is a securities custody account: this file is for current accounts',
    );
    const currency = { account: 'IT60X054', currency: 'EUR', value: 'USD' };
    expect(say('it', rejectionMessage({ code: 'accountCurrency', params: currency }))).toBe(
      'il conto "IT60X054" è in EUR, non in USD',
    );
    expect(say('en', rejectionMessage({ code: 'accountCurrency', params: currency }))).toBe(
      'account "IT60X054" is in EUR, not USD',
    );
  });
});
