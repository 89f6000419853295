// The financial pages' own pieces on top of the shared page kit: the legacy financials link, the recalculation
// notice and form rows with this app's error codes.
import { Trans } from '@lingui/react/macro';
import {
  type CommonFieldError,
  Field,
  type FieldControl,
  Link,
  Notice,
  type OwnerScope,
  useFieldErrors,
  useSession,
} from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';
import { showsLegacyFinancials } from './access.ts';
import { FIELD_ERRORS } from './labels.ts';

/** The page header's link to the legacy financials page (position and performance), for impersonating sessions. */
export function LegacyFinancialsLink({ scope }: { scope: OwnerScope }) {
  const { user } = useSession();
  if (!showsLegacyFinancials(user)) return null;
  return (
    <Link to={`${scope.basePath}/financials`} className="pt-btn pt-btn--ghost" data-testid="legacy-financials">
      <Trans>Finanziario (legacy)</Trans>
    </Link>
  );
}

/** Shown while any report on the page is being recalculated; the page polls every 15 s meanwhile. */
export function RecalculationNotice({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <Notice data-testid="recalculation-notice">
      <Trans>Ricalcolo in corso: i dati mostrati sono quelli precedenti e si aggiorneranno da soli.</Trans>
    </Notice>
  );
}

/** A field error code of this app's forms: the shared ones and this app's own. */
export type FieldError = CommonFieldError | keyof typeof FIELD_ERRORS | undefined | null;

/** The translated message of a field error code of this app (undefined when there is none). */
export const useFinancialFieldErrors = () => useFieldErrors(FIELD_ERRORS);

/** A labelled row around a control of this app (file input, select, checkbox list) in the shared Field. */
export function FormRow(props: {
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  required?: boolean;
  'data-tour'?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const message = useFinancialFieldErrors();
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={message(props.error)}
      required={props.required}
      data-tour={props['data-tour']}
    >
      {props.children}
    </Field>
  );
}

/** Checkboxes over ids (the portfolios of a new account, the accounts of a portfolio); a locked item stays ticked. */
export function CheckList(props: {
  name: string;
  items: ReadonlyArray<{ id: number; label: ReactNode; locked?: boolean }>;
  checked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) {
  return (
    <ul className="fin-checklist">
      {props.items.map((item) => (
        <li key={item.id}>
          <label>
            <input
              type="checkbox"
              name={props.name}
              value={item.id}
              checked={item.locked || props.checked.has(item.id)}
              disabled={item.locked}
              onChange={(e) => {
                const next = new Set(props.checked);
                if (e.target.checked) next.add(item.id);
                else next.delete(item.id);
                props.onChange(next);
              }}
            />{' '}
            {item.label}
          </label>
        </li>
      ))}
    </ul>
  );
}
