// "Nuovo token": the form of a widget token (POST /clients/{id}/widget-tokens or /families/{id}/widget-tokens) bound
// to the contract's WidgetTokenIssue: a label, the widgets (checkboxes), the origins of the adviser's site (one per
// line, checked like the contract's WidgetOrigin, the faulty one named), the last day of use (a year from today by
// default, at most WIDGET_TOKEN_MAX_DAYS ahead). The answer, with the token in clear, goes to onIssued.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  WIDGET_KINDS,
  WIDGET_TOKEN_MAX_DAYS,
  WIDGET_TOKEN_MAX_ORIGINS,
  type WidgetKind,
  type WidgetTokenIssued,
} from '@patrimonio/shared-api';
import {
  addDaysIso,
  addYearsIso,
  bindField,
  DatePicker,
  errorCode,
  errorStatus,
  FormDialog,
  TextArea,
  TextInput,
  todayIso,
  useApiMutation,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { WIDGET_FORM_ERRORS, WIDGET_LABELS, WIDGET_TOKEN_ERRORS } from './labels.ts';
import { catalogueOrder, originsProblem, readOrigins } from './snippet.ts';

export type TokenOwner = { kind: 'client' | 'family'; id: number };

interface IssueValues {
  label: string;
  widgets: WidgetKind[];
  origins: string;
  expiresOn: string | null;
}

/** The last day a new token may have, and the default (a year from today, within the limit). */
export function expiryBounds(today = todayIso()): { min: string; max: string; default: string } {
  const max = addDaysIso(today, WIDGET_TOKEN_MAX_DAYS);
  const year = addYearsIso(today, 1);
  // ISO dates sort as text: the earlier of a year ahead and the limit.
  return { min: today, max, default: [year, max].sort()[0]! };
}

// A 400 naming one origin or widget (`body.origins.2`) lands on the whole field.
const FIELDS: Partial<Record<string, 'origins' | 'widgets'>> = Object.fromEntries([
  ...Array.from({ length: WIDGET_TOKEN_MAX_ORIGINS + 1 }, (_, i) => [`origins.${i}`, 'origins'] as const),
  ...WIDGET_KINDS.map((_, i) => [`widgets.${i}`, 'widgets'] as const),
]);

const ISSUE_ROUTES = ['listClientWidgetTokens', 'listFamilyWidgetTokens'] as const;

export function IssueTokenDialog(props: {
  open: boolean;
  owner: TokenOwner;
  onClose: () => void;
  onIssued: (issued: WidgetTokenIssued) => void;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors(WIDGET_FORM_ERRORS);
  const bounds = expiryBounds();
  const form = useContractForm(contract.issueClientWidgetToken.body, {
    open: props.open,
    defaults: { label: '', widgets: [], origins: '', expiresOn: bounds.default } as IssueValues,
    toBody: (v) => ({
      label: v.label.trim(),
      widgets: catalogueOrder(v.widgets),
      origins: readOrigins(v.origins),
      expiresOn: v.expiresOn ?? '',
    }),
    fields: FIELDS,
    refine: (body) => {
      const origins = originsProblem(body.origins);
      return {
        widgets: body.widgets.length ? undefined : 'widgets',
        origins: origins?.code,
        expiresOn:
          body.expiresOn && (body.expiresOn < bounds.min || body.expiresOn > bounds.max) ? 'expiry' : undefined,
      };
    },
  });
  const say = (e: unknown) => {
    const code = errorCode(e);
    if (code && WIDGET_TOKEN_ERRORS[code]) return WIDGET_TOKEN_ERRORS[code];
    return errorStatus(e) === 400 ? WIDGET_FORM_ERRORS.checkFields : undefined;
  };
  const save = { quiet: true, invalidate: ISSUE_ROUTES, error: say, success: t`Token emesso` } as const;
  const issueClient = useApiMutation('issueClientWidgetToken', save);
  const issueFamily = useApiMutation('issueFamilyWidgetToken', save);

  const submit = form.submit(async (body) => {
    const request = { params: { id: props.owner.id }, body };
    const issued =
      props.owner.kind === 'family' ? await issueFamily.mutateAsync(request) : await issueClient.mutateAsync(request);
    props.onIssued(issued);
  });

  const widgets = form.watch('widgets');
  const originsCode = form.codeOf<string>('origins');
  const badOrigin = originsProblem(readOrigins(form.watch('origins') ?? ''));
  const originsError =
    originsCode === 'origin' && badOrigin?.code === 'origin'
      ? t`"${badOrigin.origin}" non è un'origine valida: scrivi https:// e il nome del sito (con la porta se serve), senza percorso; http solo per localhost.`
      : fieldError(originsCode);
  const submitError = form.submitError ? say(form.submitError) : null;

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      title={<Trans>Nuovo token per i widget</Trans>}
      submitLabel={<Trans>Emetti il token</Trans>}
      busy={issueClient.isPending || issueFamily.isPending}
      error={
        form.submitError
          ? submitError
            ? i18n._(submitError)
            : t`Impossibile emettere il token. Riprova tra qualche istante.`
          : null
      }
      submitTestId="widget-token-submit"
      data-testid="widget-token-dialog"
    >
      <TextInput
        label={<Trans>Etichetta</Trans>}
        name="label"
        required
        maxLength={120}
        hint={<Trans>Per riconoscerlo, per esempio il nome del sito.</Trans>}
        {...bindField(form, 'label', fieldError)}
        data-testid="widget-token-label"
      />
      <fieldset
        className="pt-ov-widgets__kinds"
        aria-describedby={form.codeOf<string>('widgets') ? 'pt-ov-widgets-kinds-error' : undefined}
      >
        <legend>
          <Trans>Widget</Trans>
        </legend>
        {WIDGET_KINDS.map((kind) => (
          <label key={kind} className="pt-ov-delegates__check">
            <input
              type="checkbox"
              name="widgets"
              value={kind}
              data-testid={`widget-kind-${kind}`}
              checked={widgets.includes(kind)}
              onChange={(e) =>
                form.setValue(
                  'widgets',
                  e.currentTarget.checked ? [...widgets, kind] : widgets.filter((k) => k !== kind),
                )
              }
            />
            {i18n._(WIDGET_LABELS[kind])}
          </label>
        ))}
        {form.codeOf<string>('widgets') ? (
          <p id="pt-ov-widgets-kinds-error" className="pt-error" role="alert">
            {fieldError(form.codeOf<string>('widgets'))}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label={<Trans>Origini ammesse, una per riga</Trans>}
        name="origins"
        required
        rows={3}
        maxLength={2200}
        placeholder="https://www.studio-rossi.it"
        hint={
          <Trans>
            L'indirizzo del sito dove incollerai i widget, senza percorso: https://www.studio-rossi.it. Al massimo{' '}
            {WIDGET_TOKEN_MAX_ORIGINS}.
          </Trans>
        }
        value={form.watch('origins')}
        onChange={(v) => form.setValue('origins', v)}
        error={originsError}
        data-testid="widget-token-origins"
      />
      <DatePicker
        label={<Trans>Valido fino al</Trans>}
        name="expiresOn"
        required
        min={bounds.min}
        max={bounds.max}
        quickYears={false}
        hint={<Trans>Al massimo un anno da oggi; poi lo si emette di nuovo.</Trans>}
        {...bindField(form, 'expiresOn', fieldError)}
        data-testid="widget-token-expiry"
      />
    </FormDialog>
  );
}
