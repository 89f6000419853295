// The members of a family with their weights (data-and-admin sections 3, 5 and 7): add a client with a weight
// (decimal, default 1), change weights, remove members; saved at once with PUT /family/{id}/user {usersFamily}.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type Client,
  clientDisplayName,
  type Family,
  Field,
  FormDialog,
  mutationMessages,
  Select,
  useApiMutation,
  useContractForm,
  useSession,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useMemo, useState } from 'react';
import { DEFAULT_WEIGHT, type MemberDraft, membersBody, parseWeight } from './model.ts';
import { FAMILY_WRITES, useAllClients } from './queries.ts';

/** A weight as the user would type it in the current language (0,5 in Italian), up to 6 decimals. */
function weightText(weight: number, locale: string): string {
  const s = String(Math.round(weight * 1e6) / 1e6);
  return locale === 'en' ? s : s.replace('.', ',');
}

export function MembersDialog({ family, onClose }: { family: Family; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const clients = useAllClients(user?.role);
  const [defaults] = useState(() => ({
    members: family.users.map(
      (u): MemberDraft => ({ id: u.id, name: u.name, weight: weightText(u.weight, i18n.locale) }),
    ),
    candidate: '',
    candidateWeight: weightText(DEFAULT_WEIGHT, i18n.locale),
  }));
  // PUT /family/{id}/user's body from the rows; a weight that does not read as one marks its row (membersBody).
  const form = useContractForm(contract.replaceFamilyMembers.body, {
    defaults,
    toBody: (v) => {
      const result = membersBody(v.members);
      return (result.ok ? result.body : null) as never;
    },
    refine: (_body, v) => {
      const result = membersBody(v.members);
      if (result.ok) return {};
      return Object.fromEntries(
        v.members.flatMap((m, i) => (result.invalid.includes(m.id) ? [[`members.${i}.weight`, 'invalid']] : [])),
      );
    },
  });
  const members = form.watch('members');
  const candidate = form.watch('candidate');
  const candidateWeight = form.watch('candidateWeight');
  const save = useApiMutation('replaceFamilyMembers', { success: mutationMessages.edited, invalidate: FAMILY_WRITES });

  const available: Client[] = useMemo(() => {
    const taken = new Set(members.map((m) => m.id));
    return (clients.data?.item ?? [])
      .filter((c) => !taken.has(c.id))
      .sort((a, b) => clientDisplayName(a).localeCompare(clientDisplayName(b), i18n.locale));
  }, [clients.data, members, i18n.locale]);

  /** The rows' weight errors follow their members when the list changes (they are kept by row index). */
  const setMembers = (next: MemberDraft[]) => {
    const invalid = new Set(members.filter((_, i) => form.codeOf(`members.${i}.weight`)).map((m) => m.id));
    form.clearErrors('members');
    form.setValue('members', next);
    next.forEach((m, i) => {
      if (invalid.has(m.id)) form.setError(`members.${i}.weight`, { type: 'invalid', message: 'invalid' });
    });
  };

  const add = () => {
    const client = available.find((c) => String(c.id) === candidate);
    if (!client) return;
    if (parseWeight(candidateWeight) === null) {
      form.setError('candidateWeight', { type: 'invalid', message: 'invalid' });
      return;
    }
    setMembers([...members, { id: client.id, name: clientDisplayName(client), weight: candidateWeight }]);
    form.setValue('candidate', '');
    form.setValue('candidateWeight', weightText(DEFAULT_WEIGHT, i18n.locale));
  };

  const submit = form.submit(async (body) => {
    await save.mutateAsync({ params: { id: family.id }, body });
    onClose();
  });

  const familyName = family.name;
  const weightHint = t`Un numero maggiore di 0, per esempio 1 o 0,5`;

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t`Membri di ${familyName}`}
      data-testid="members-dialog"
      wide
      busy={save.isPending}
      submitTestId="members-save"
      onSubmit={(e) => {
        if (save.isPending) e.preventDefault();
        else void submit(e);
      }}
    >
      <p className="pt-muted">
        <Trans>
          Il patrimonio della famiglia somma quello dei membri moltiplicato per il loro peso (1 = per intero, 0,5 = per
          metà).
        </Trans>
      </p>
      {members.length ? (
        <table className="pt-ov-members" data-testid="members-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Cliente</Trans>
              </th>
              <th scope="col">
                <Trans>Peso</Trans>
              </th>
              <th scope="col">
                <span className="pt-sr-only">
                  <Trans>Azioni</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m, i) => {
              const memberName = m.name;
              const invalid = Boolean(form.codeOf(`members.${i}.weight`));
              return (
                <tr key={m.id} data-member={m.id}>
                  <td>{m.name}</td>
                  <td>
                    <input
                      className="pt-input pt-ov-weight"
                      inputMode="decimal"
                      value={m.weight}
                      aria-label={t`Peso di ${memberName}`}
                      aria-invalid={invalid || undefined}
                      data-testid={`member-weight-${m.id}`}
                      onChange={(e) => {
                        form.setValue(`members.${i}.weight`, e.target.value);
                        form.clearErrors(`members.${i}.weight`);
                      }}
                    />
                    {invalid ? (
                      <span className="pt-ov-error" role="alert">
                        {weightHint}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="pt-btn pt-btn--ghost"
                      onClick={() => setMembers(members.filter((x) => x.id !== m.id))}
                      aria-label={t`Rimuovi ${memberName}`}
                      data-testid={`member-remove-${m.id}`}
                    >
                      <Trans>Rimuovi</Trans>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p data-testid="members-empty">
          <Trans>La famiglia non ha ancora membri.</Trans>
        </p>
      )}
      <fieldset className="pt-ov-add-member">
        <legend className="pt-ov-legend">
          <Trans>Aggiungi un membro</Trans>
        </legend>
        <Select
          label={t`Cliente`}
          value={candidate}
          onChange={(v) => form.setValue('candidate', v)}
          placeholder={clients.isPending ? t`Caricamento…` : t`Scegli un cliente`}
          options={available.map((c) => ({ value: String(c.id), label: clientDisplayName(c) }))}
          disabled={clients.isPending}
          data-testid="member-candidate"
        />
        <Field label={t`Peso`} error={form.codeOf('candidateWeight') ? weightHint : undefined}>
          {(control) => (
            <input
              {...control}
              className="pt-input pt-ov-weight"
              inputMode="decimal"
              value={candidateWeight}
              onChange={(e) => {
                form.setValue('candidateWeight', e.target.value);
                form.clearErrors('candidateWeight');
              }}
              data-testid="member-candidate-weight"
            />
          )}
        </Field>
        <button
          type="button"
          className="pt-btn pt-btn--secondary"
          onClick={add}
          disabled={!candidate}
          data-testid="member-add"
        >
          <Trans>Aggiungi</Trans>
        </button>
      </fieldset>
    </FormDialog>
  );
}
