// Upload the bank's cash balances or positions (POST /controls/upload/balances or /positions): one CSV or XLSX file
// in the template's columns, through shared-ui's upload dialog (the rejected rows listed with their reasons, nothing
// stored). The server checks the portfolios in the background; success refetches the controls and the portfolio menu
// now and over the next seconds (followControlCheck), so the list, the detail and the report dialog's dates follow.
// The buttons that open it stand on the list and on the detail (BankUploadButtons).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileUploadDialog, followControlCheck, saveBlob, templateCsv } from '@patrimonio/shared-ui';
import { BANK_FILE_COLUMNS, type BankFile } from './logic.ts';

// The check runs in the background: the pages follow it by themselves (shared-ui followControlCheck).
const SUCCESS = {
  balances: msg`Saldi della banca importati: il controllo dei portafogli si aggiorna in pochi secondi`,
  positions: msg`Posizioni della banca importate: il controllo dei portafogli si aggiorna in pochi secondi`,
};

/** The two buttons that open the upload of a bank file, on the list and on a portfolio's detail. */
export function BankUploadButtons(props: { onUpload: (file: BankFile) => void }) {
  return (
    <>
      <Button data-testid="upload-balances" onClick={() => props.onUpload('balances')}>
        <Trans>Carica saldi banca</Trans>
      </Button>
      <Button data-testid="upload-positions" onClick={() => props.onUpload('positions')}>
        <Trans>Carica posizioni banca</Trans>
      </Button>
    </>
  );
}

export function BankUploadDialog(props: { file: BankFile | null; onClose: () => void }) {
  const { t } = useLingui();
  const kind = props.file ?? 'balances';
  const columns = BANK_FILE_COLUMNS[kind];
  const list = columns.join(', ');
  const name = kind === 'balances' ? 'bank-balances-template.csv' : 'bank-positions-template.csv';
  return (
    <FileUploadDialog
      open={props.file !== null}
      onClose={props.onClose}
      title={kind === 'balances' ? t`Carica saldi banca` : t`Carica posizioni banca`}
      route={kind === 'balances' ? 'uploadBankBalances' : 'uploadBankPositions'}
      fields={{}}
      success={SUCCESS[kind]}
      onSuccess={followControlCheck}
      data-testid={`bank-${kind}-dialog`}
      help={
        <>
          <p data-testid="template-columns">
            {kind === 'balances' ? (
              <Trans>
                Una riga per conto e data con le colonne {list}: account è l'IBAN o l'id del conto corrente, balance il
                saldo della banca a fine giornata.
              </Trans>
            ) : (
              <Trans>
                Una riga per titolo, conto e data con le colonne {list}: account è l'IBAN o l'id del conto di custodia
                titoli, quantity la quantità e price il prezzo della banca.
              </Trans>
            )}{' '}
            <Trans>
              Date AAAA-MM-GG o GG/MM/AAAA; in un CSV separato da «;» la virgola è il separatore decimale. Il file è
              caricato per intero o per niente.
            </Trans>
          </p>
          <p>
            <button
              type="button"
              className="pt-link-btn"
              data-testid="template-csv"
              onClick={() => saveBlob(templateCsv(columns), name)}
            >
              <Trans>Scarica il modello CSV</Trans>
            </button>
          </p>
        </>
      }
    />
  );
}
