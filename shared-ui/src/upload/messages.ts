// What the portal says when an upload is refused: every server code in the user's language, never the server's
// English reason or message. Row codes are shared-api RejectionCode (the rejected rows), file codes are
// UploadErrorCode (a 400, 413 or 503 refusing the whole file, docs/import/README.md). Shared by every app's uploads
// (movements, prices, FX rates, the bank's balances and positions).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RejectedRow, UploadErrorCode } from '@patrimonio/shared-api';
import { UPLOAD_ERROR_CODES } from '@patrimonio/shared-api/constants';

type Params = Record<string, string | number | undefined> | undefined;
const text = (params: Params, key: string) => String(params?.[key] ?? '');

/** A rejected row's reason, from its code and details. */
export function rejectionMessage(r: Pick<RejectedRow, 'code' | 'params'>): MessageDescriptor {
  const value = text(r.params, 'value');
  const decimal = text(r.params, 'decimal');
  const group = text(r.params, 'group');
  switch (r.code) {
    case 'required':
      return msg`obbligatorio`;
    case 'notNumber':
      return msg`non è un numero: "${value}"`;
    case 'negative':
      return msg`non può essere negativo (la direzione la dà la causale)`;
    case 'notPositive':
      return msg`deve essere maggiore di zero`;
    case 'tooLarge':
      return msg`troppo grande`;
    case 'notDate':
      return msg`non è una data (AAAA-MM-GG o GG/MM/AAAA): "${value}"`;
    case 'unknownCause':
      return msg`causale sconosciuta "${value}"`;
    case 'subcauseNotFee':
      return msg`solo una commissione (FEE) ha una sottocausale`;
    case 'unknownSubcause':
      return msg`sottocausale di commissione sconosciuta "${value}"`;
    case 'notIsin':
      return msg`non è un ISIN: "${value}"`;
    case 'unknownInstrument':
      return msg`strumento sconosciuto ${value}`;
    case 'tradeNeedsIsin':
      return msg`un acquisto o una vendita richiede l'ISIN`;
    case 'tradeNeedsQuantity':
      return msg`un acquisto o una vendita richiede la quantità`;
    case 'tradeNeedsPrice':
      return msg`un acquisto o una vendita richiede il prezzo`;
    case 'amountTooLarge':
      return msg`quantità per prezzo troppo grande`;
    case 'unknownCurrency':
      return msg`valuta sconosciuta "${value}"`;
    case 'duplicate': {
      const first = text(r.params, 'row');
      return msg`${value} è già alla riga ${first}`;
    }
    case 'priceCurrency': {
      const isin = text(r.params, 'isin');
      const currency = text(r.params, 'currency');
      return msg`i prezzi di ${isin} sono in ${currency}, non in ${value}`;
    }
    case 'eurRate':
      return msg`i cambi sono unità della valuta per un euro`;
    case 'thousandsGroup':
      return msg`"${value}": in questo file il separatore decimale è «${decimal}» e «${group}» separa le migliaia, quindi «${group}» deve essere seguito da esattamente tre cifre`;
    case 'ambiguousNumber':
      return msg`"${value}" si leggerebbe come numero intero con «${group}» che separa le migliaia, ma altri numeri del file usano «${group}» come separatore decimale: scrivi il separatore decimale «${decimal}» o togli «${group}»`;
    case 'ambiguousText':
      return msg`"${value}" è una cella di testo con un solo «.» o «,» seguito da tre cifre, quindi si può leggere come decimale o come migliaia: scrivilo come numero nel foglio di calcolo, o in modo non ambiguo (ad esempio 10000 oppure 10.000,00 / 10,000.00)`;
    case 'unknownAccount':
      return msg`conto sconosciuto "${value}": scrivi l'IBAN o l'id di un conto che vedi`;
    case 'ambiguousAccount': {
      const accounts = text(r.params, 'accounts');
      return msg`l'IBAN "${value}" corrisponde a ${accounts} conti che vedi: scrivi l'id del conto`;
    }
    case 'accountType':
      return text(r.params, 'expected') === 'CUSTODIA_TITOLI'
        ? msg`il conto "${value}" è un conto corrente: questo file è per i conti di custodia titoli`
        : msg`il conto "${value}" è un conto di custodia titoli: questo file è per i conti correnti`;
    case 'accountCurrency': {
      const account = text(r.params, 'account');
      const currency = text(r.params, 'currency');
      return msg`il conto "${account}" è in ${currency}, non in ${value}`;
    }
  }
}

/** The body of a refused call, as far as the portal reads it. */
export interface ErrorAnswer {
  code?: string;
  params?: Record<string, string | number>;
  fields?: { field: string; message: string }[];
}

/** Bytes as whole megabytes, as the limits are stated ("100"). */
const megabytes = (params: Params, key: string) => String(Math.floor(Number(params?.[key] ?? 0) / 1_000_000));

/** A file refused as a whole (an UploadErrorCode), in the user's language. */
export function fileRefusalMessage(code: UploadErrorCode, params?: ErrorAnswer['params']): MessageDescriptor {
  switch (code) {
    case 'file_required':
      return msg`Nessun file ricevuto: scegli il file e riprova.`;
    case 'empty_file':
      return msg`Il file è vuoto.`;
    case 'not_a_table':
      return msg`Il file non è un CSV né un XLSX.`;
    case 'unreadable_csv':
      return msg`Il file CSV non si può leggere (ad esempio per una virgoletta non chiusa).`;
    case 'missing_columns': {
      const columns = text(params, 'columns');
      return msg`Mancano colonne del modello: ${columns}.`;
    }
    case 'no_data_rows':
      return msg`Il file non ha righe di dati.`;
    case 'ambiguous_numbers': {
      const value = text(params, 'value').replace(/^[+-]/, '');
      const row = text(params, 'row');
      const group = text(params, 'group');
      const withDecimal = value.split(group).join(text(params, 'decimal'));
      const plain = value.split(group).join('');
      return text(params, 'delimiter') === ','
        ? msg`Il file separa le colonne con la virgola, quindi il punto è il separatore decimale e la virgola separa le migliaia; i suoi numeri usano solo la virgola seguita da tre cifre ("${value}" alla riga ${row}), che si può leggere in due modi: scrivi i decimali con il punto (${withDecimal}) o togli il separatore delle migliaia (${plain}).`
        : msg`Il file separa le colonne con il punto e virgola, quindi la virgola è il separatore decimale e il punto separa le migliaia; i suoi numeri usano solo il punto seguito da tre cifre ("${value}" alla riga ${row}), che si può leggere in due modi: scrivi i decimali con la virgola (${withDecimal}) o togli il separatore delle migliaia (${plain}).`;
    }
    case 'too_large_uncompressed': {
      const limit = megabytes(params, 'limit');
      return msg`Il file XLSX, una volta decompresso, supera il limite di ${limit} MB (o dichiara dimensioni false): salva solo il foglio da importare, o dividi il file.`;
    }
    case 'too_many_rows': {
      const limit = text(params, 'limit');
      return msg`Il file ha più di ${limit} righe di dati: dividilo in più file.`;
    }
    case 'parse_timeout': {
      const seconds = text(params, 'seconds');
      return msg`La lettura del file ha richiesto più di ${seconds} secondi ed è stata interrotta: dividilo in file più piccoli.`;
    }
    case 'malformed_multipart':
      return msg`Il file non è arrivato intero: riprova a caricarlo.`;
    case 'too_many_files':
      return msg`Carica un solo file alla volta.`;
    case 'uploads_busy': {
      const seconds = text(params, 'retryAfter');
      return msg`Il server sta leggendo altri file: riprova tra ${seconds} secondi.`;
    }
  }
}

const FILE_CODES: readonly string[] = UPLOAD_ERROR_CODES;

/**
 * Why an upload failed, from the answer's status and body: a file-level code (400, 413 or 503), a form field the
 * server refused, the size limit; null for anything else (the toast says it).
 */
export function uploadFailureMessage(status: number, body: unknown): MessageDescriptor | null {
  const answer = (body && typeof body === 'object' ? body : {}) as ErrorAnswer;
  if ((status === 400 || status === 413 || status === 503) && answer.code && FILE_CODES.includes(answer.code))
    return fileRefusalMessage(answer.code as UploadErrorCode, answer.params);
  if (status === 413) return msg`Il file supera il limite di 15 MB.`;
  if (status !== 400) return null;
  return msg`La richiesta non è valida: controlla i campi del modulo.`;
}
