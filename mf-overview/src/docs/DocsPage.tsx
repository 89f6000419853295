// /docs (PRO; issue 19): the practice's documents about its clients. The list (GET /document, paged by the server)
// filtered by client, category and expiry, expired documents flagged; upload with the generic file-upload control
// (client, category, optional title and expiry date); download under the stored name; the two-step delete.
// ?clientId= (the link of the client's info page) starts the list on that client.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Document, DocumentCategory } from '@patrimonio/shared-api';
import { DOCUMENT_CATEGORIES } from '@patrimonio/shared-api/constants';
import {
  Button,
  clientDisplayName,
  downloadApiFile,
  EmptyState,
  formatDate,
  formatFileSize,
  mutationMessages,
  PageHeader,
  type PageProps,
  Pager,
  QueryState,
  ScrollArea,
  Section,
  Select,
  TwoStepButton,
  toast,
  useApiMutation,
  useApiQuery,
  useLocation,
  usePagedFilters,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { DocumentUploadDialog } from './DocumentUploadDialog.tsx';
import { DOCUMENT_CATEGORY_LABELS, PRACTICE_TOASTS } from './labels.ts';

const PAGE_SIZE = 10;
type Expiry = '' | 'expired' | 'valid';

/** The client a ?clientId= names, when it is an id. */
export function clientIdOf(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('clientId');
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
}

export function DocsPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { search } = useLocation();
  const { filters, setFilter, page, setPage } = usePagedFilters<{
    clientId: number | undefined;
    category: DocumentCategory | '';
    expiry: Expiry;
  }>(() => ({ clientId: clientIdOf(search), category: '', expiry: '' }));
  const { clientId, category, expiry } = filters;
  const [uploading, setUploading] = useState(false);
  const clients = useApiQuery('listClients', { query: { page: 1, size: 10000, sort: 'updatedAt,desc' } });
  const query = {
    page,
    size: PAGE_SIZE,
    ...(clientId ? { clientId } : {}),
    ...(category ? { category } : {}),
    ...(expiry ? { expired: expiry === 'expired' } : {}),
  };
  const docs = useApiQuery('listDocuments', { query });
  const remove = useApiMutation('deleteDocument', {
    success: mutationMessages.deleted,
    invalidate: ['listDocuments'],
  });
  const clientOptions = useMemo(
    () =>
      (clients.data?.item ?? [])
        .map((c) => ({ value: String(c.id), label: clientDisplayName(c) || String(c.id) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [clients.data],
  );
  const categoryOptions = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: i18n._(DOCUMENT_CATEGORY_LABELS[c]) }));
  const filtersOn = Boolean(clientId || category || expiry);
  const rows = docs.data?.item ?? [];
  const uploadButton = (
    <Button variant="primary" data-testid="docs-upload" onClick={() => setUploading(true)}>
      <Trans>Carica documento</Trans>
    </Button>
  );

  const download = async (d: Document) => {
    try {
      await downloadApiFile('downloadDocument', { params: { id: d.id } }, d.fileName);
    } catch {
      toast.error(PRACTICE_TOASTS.downloadFailed);
    }
  };

  return (
    <div className="pt-page pt-ov-docs" data-testid="docs-page">
      <PageHeader title={match.route.title} actions={uploadButton} />
      <Section title={<Trans>Documenti dello studio</Trans>}>
        <fieldset className="pt-ov-filters" aria-label={t`Filtri dei documenti`}>
          <Select
            label={<Trans>Cliente</Trans>}
            placeholder={t`Tutti i clienti`}
            value={clientId ? String(clientId) : ''}
            options={clientOptions}
            onChange={(v) => setFilter('clientId', v ? Number(v) : undefined)}
            data-testid="docs-filter-client"
          />
          <Select
            label={<Trans>Categoria</Trans>}
            placeholder={t`Tutte le categorie`}
            value={category}
            options={categoryOptions}
            onChange={(v) => setFilter('category', v as DocumentCategory | '')}
            data-testid="docs-filter-category"
          />
          <Select
            label={<Trans>Scadenza</Trans>}
            placeholder={t`Tutti`}
            value={expiry}
            options={[
              { value: 'expired', label: t`Scaduti` },
              { value: 'valid', label: t`Non scaduti` },
            ]}
            onChange={(v) => setFilter('expiry', v as Expiry)}
            data-testid="docs-filter-expiry"
          />
        </fieldset>
        <QueryState
          loading={docs.isPending}
          error={docs.error}
          onRetry={() => void docs.refetch()}
          isEmpty={docs.isSuccess && rows.length === 0}
          empty={
            <EmptyState
              title={filtersOn ? <Trans>Nessun documento con questi filtri</Trans> : <Trans>Nessun documento</Trans>}
              actions={filtersOn ? null : uploadButton}
              data-testid="docs-empty"
            >
              <p>
                <Trans>
                  Conserva qui mandati, questionari MiFID, documenti d'identità e contratti dei tuoi clienti, con la
                  loro scadenza.
                </Trans>
              </p>
            </EmptyState>
          }
        >
          <ScrollArea label={t`Documenti`}>
            <table className="pt-plain-table pt-ov-docs__table" aria-label={t`Documenti`}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Documento</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Cliente</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Categoria</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Scadenza</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Caricato il</Trans>
                  </th>
                  <th scope="col">
                    <span className="pt-sr-only">
                      <Trans>Azioni</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.id} data-testid="doc-row" data-id={d.id} data-expired={d.expired || undefined}>
                    <th scope="row">
                      <span className="pt-ov-docs__title">{d.title || d.fileName}</span>
                      <span className="pt-muted pt-ov-docs__file">
                        {d.fileName} · {formatFileSize(d.sizeBytes)}
                      </span>
                    </th>
                    <td>{d.client}</td>
                    <td>{i18n._(DOCUMENT_CATEGORY_LABELS[d.category])}</td>
                    <td>
                      {d.expiresOn ? formatDate(d.expiresOn) : '–'}
                      {d.expired ? (
                        <span className="pt-ov-badge pt-ov-badge--danger" data-testid="doc-expired">
                          <Trans>Scaduto</Trans>
                        </span>
                      ) : null}
                    </td>
                    <td>{formatDate(d.createdAt.slice(0, 10))}</td>
                    <td>
                      <div className="pt-ov-actions">
                        <Button
                          variant="ghost"
                          data-testid="doc-download"
                          aria-label={t`Scarica ${d.fileName}`}
                          onClick={() => void download(d)}
                        >
                          <Trans>Scarica</Trans>
                        </Button>
                        <TwoStepButton
                          data-testid="doc-delete"
                          aria-label={t`Elimina ${d.fileName}`}
                          confirmLabel={<Trans>Conferma</Trans>}
                          disabled={remove.isPending}
                          onConfirm={() => remove.mutate({ params: { id: d.id } })}
                        >
                          <Trans>Elimina</Trans>
                        </TwoStepButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
          <Pager
            page={page}
            size={PAGE_SIZE}
            total={docs.data?.total ?? 0}
            onChange={setPage}
            busy={docs.isFetching}
            label={t`Pagine dei documenti`}
          />
        </QueryState>
      </Section>
      <DocumentUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        clients={clientOptions}
        clientId={clientId}
      />
    </div>
  );
}
