// /client/:id/widgets and /family/:familyId/widgets (PRO only; issue 20, docs/widgets.md): the widget tokens of a
// client or family for the adviser's own website. The table lists label, widgets, origins, expiry, state, uses, last
// use and the token's hint; "Nuovo token" opens the form; the token issued (or re-issued) is shown once with its
// snippet and a live preview; per row: the snippet (with a placeholder: the secret is not kept), re-issue and revoke,
// both with the two-step confirmation.
import { Trans, useLingui } from '@lingui/react/macro';
import type { WidgetToken, WidgetTokenIssued } from '@patrimonio/shared-api';
import {
  Button,
  DataTable,
  Notice,
  PageHeader,
  type PageProps,
  Section,
  selectionName,
  type TableAction,
  type TableColumn,
  useApiMutation,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { IssueTokenDialog, type TokenOwner } from './IssueTokenDialog.tsx';
import { WIDGET_LABELS, WIDGET_TOKEN_STATE_LABELS } from './labels.ts';
import { CopyButton, Snippet } from './Snippet.tsx';

const LISTS = ['listClientWidgetTokens', 'listFamilyWidgetTokens'] as const;

/** The token just issued or re-issued: shown this once. */
function IssuedToken(props: { issued: WidgetTokenIssued; reissued: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const { token, item } = props.issued;
  return (
    <div className="pt-stack" data-testid="widget-token-issued">
      <Section
        title={
          props.reissued ? <Trans>Il nuovo token di "{item.label}"</Trans> : <Trans>Il token "{item.label}"</Trans>
        }
        actions={
          <Button variant="ghost" onClick={props.onDone} data-testid="widget-token-done">
            <Trans>Fatto, l'ho copiato</Trans>
          </Button>
        }
      >
        <Notice tone="warning" data-testid="widget-token-warning">
          <Trans>
            Copialo adesso: non verrà mostrato di nuovo. Il portale ne conserva solo un'impronta; se lo perdi, emettilo
            di nuovo.
          </Trans>
          {props.reissued ? (
            <>
              {' '}
              <Trans>Il token precedente non funziona più: sostituiscilo nel tuo sito.</Trans>
            </>
          ) : null}
        </Notice>
        <div className="pt-ov-widgets__token">
          <code data-testid="widget-token-value">{token}</code>
          <CopyButton text={token} label={t`Copia il token`} data-testid="widget-token-copy" />
        </div>
      </Section>
      <Snippet widgets={item.widgets} token={token} />
    </div>
  );
}

export function WidgetsPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const family = match.params.familyId !== undefined;
  const owner: TokenOwner = {
    kind: family ? 'family' : 'client',
    id: Number(match.params.familyId ?? match.params.id),
  };
  const valid = Number.isInteger(owner.id) && owner.id > 0;
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<{ value: WidgetTokenIssued; reissued: boolean } | null>(null);
  const [snippetOf, setSnippetOf] = useState<WidgetToken | null>(null);

  const request = { params: { id: owner.id } };
  const clientList = useApiQuery('listClientWidgetTokens', request, { enabled: valid && !family });
  const familyList = useApiQuery('listFamilyWidgetTokens', request, { enabled: valid && family });
  const list = family ? familyList : clientList;

  const revoke = useApiMutation('revokeWidgetToken', {
    quiet: true,
    invalidate: LISTS,
    success: (r) => t`Token "${r.label}" revocato: non funziona più`,
  });
  const reissue = useApiMutation('reissueWidgetToken', {
    quiet: true,
    invalidate: LISTS,
    success: (r) => t`Nuovo token per "${r.item.label}": il precedente non funziona più`,
  });

  const columns = useMemo<TableColumn<WidgetToken>[]>(
    () => [
      { key: 'label', title: t`Etichetta`, value: (r) => r.label },
      {
        key: 'widgets',
        title: t`Widget`,
        value: (r) => r.widgets.map((w) => i18n._(WIDGET_LABELS[w])).join(', '),
        width: 220,
      },
      { key: 'origins', title: t`Origini`, value: (r) => r.origins.join(', '), width: 200 },
      { key: 'expiresOn', title: t`Scadenza`, type: 'date', value: (r) => r.expiresOn },
      {
        key: 'state',
        title: t`Stato`,
        value: (r) => i18n._(WIDGET_TOKEN_STATE_LABELS[r.state]),
        tone: (r) => (r.state === 'active' ? 'positive' : r.state === 'revoked' ? 'negative' : 'warning'),
      },
      { key: 'uses', title: t`Usi`, type: 'number', value: (r) => r.uses },
      // In the columns menu: eight columns and three actions do not fit a laptop's width readably.
      { key: 'lastUsedAt', title: t`Ultimo uso`, type: 'dateTime', value: (r) => r.lastUsedAt, hiddenByDefault: true },
      { key: 'hint', title: t`Token`, value: (r) => r.hint, hiddenByDefault: true },
    ],
    [t, i18n],
  );

  const actions: TableAction<WidgetToken>[] = [
    {
      id: 'snippet',
      label: t`Codice da incollare`,
      icon: 'copy',
      onClick: (r) => {
        setIssued(null);
        setSnippetOf(r);
      },
    },
    {
      id: 'reissue',
      label: t`Emetti di nuovo`,
      icon: 'reload',
      confirm: true,
      onClick: (r) =>
        reissue.mutate(
          { params: { tokenId: r.id } },
          {
            onSuccess: (value) => {
              setSnippetOf(null);
              setIssued({ value, reissued: true });
            },
          },
        ),
    },
    {
      id: 'revoke',
      label: t`Revoca`,
      icon: 'reject',
      confirm: true,
      hidden: (r) => r.state !== 'active',
      onClick: (r) => {
        if (snippetOf?.id === r.id) setSnippetOf(null);
        if (issued?.value.item.id === r.id) setIssued(null);
        revoke.mutate({ params: { tokenId: r.id } });
      },
    },
  ];

  return (
    <section className="pt-page pt-ov-page" data-testid="widgets-page">
      <PageHeader
        title={match.route.title}
        subtitle={selectionName(session.selection)}
        actions={
          <Button variant="primary" data-testid="widget-token-add" onClick={() => setIssuing(true)} disabled={!valid}>
            <Trans>Nuovo token</Trans>
          </Button>
        }
      />
      <div className="pt-stack">
        <p className="pt-muted">
          {family ? (
            <Trans>
              Mostra i dati aggiornati della famiglia sul tuo sito: emetti un token di sola lettura, scegli i widget e
              il sito che può usarlo, poi incolla il codice nella pagina.
            </Trans>
          ) : (
            <Trans>
              Mostra i dati aggiornati del cliente sul tuo sito: emetti un token di sola lettura, scegli i widget e il
              sito che può usarlo, poi incolla il codice nella pagina.
            </Trans>
          )}
        </p>
        {issued ? (
          <IssuedToken issued={issued.value} reissued={issued.reissued} onDone={() => setIssued(null)} />
        ) : null}
        {snippetOf ? (
          <div className="pt-stack" data-testid="widget-token-snippet-of">
            <Snippet widgets={snippetOf.widgets} token={null} hint={snippetOf.hint} />
            <div>
              <Button variant="ghost" onClick={() => setSnippetOf(null)}>
                <Trans>Chiudi il codice</Trans>
              </Button>
            </div>
          </div>
        ) : null}
        <DataTable
          id="widget-tokens"
          exportName={t`token-widget`}
          label={t`Token dei widget`}
          columns={columns}
          rows={list.data?.item}
          rowKey={(r) => r.id}
          loading={list.isLoading}
          error={list.error && !list.data ? t`Impossibile caricare i token. Riprova tra qualche istante.` : null}
          emptyText={t`Nessun token. Emettine uno per mostrare i widget sul tuo sito.`}
          actions={actions}
        />
      </div>
      <IssueTokenDialog
        open={issuing}
        owner={owner}
        onClose={() => setIssuing(false)}
        onIssued={(value) => {
          setIssuing(false);
          setSnippetOf(null);
          setIssued({ value, reissued: false });
        }}
      />
    </section>
  );
}
