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
  useSession,
} from '@patrimonio/shared-ui';
import { type FormEvent, useMemo, useState } from 'react';
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
  const [members, setMembers] = useState<MemberDraft[]>(() =>
    family.users.map((u) => ({ id: u.id, name: u.name, weight: weightText(u.weight, i18n.locale) })),
  );
  const [candidate, setCandidate] = useState('');
  const [candidateWeight, setCandidateWeight] = useState(weightText(DEFAULT_WEIGHT, i18n.locale));
  const [invalid, setInvalid] = useState<Set<number>>(new Set());
  const [candidateInvalid, setCandidateInvalid] = useState(false);
  const save = useApiMutation('replaceFamilyMembers', { success: mutationMessages.edited, invalidate: FAMILY_WRITES });

  const available: Client[] = useMemo(() => {
    const taken = new Set(members.map((m) => m.id));
    return (clients.data?.item ?? [])
      .filter((c) => !taken.has(c.id))
      .sort((a, b) => clientDisplayName(a).localeCompare(clientDisplayName(b), i18n.locale));
  }, [clients.data, members, i18n.locale]);

  const add = () => {
    const client = available.find((c) => String(c.id) === candidate);
    if (!client) return;
    if (parseWeight(candidateWeight) === null) {
      setCandidateInvalid(true);
      return;
    }
    setMembers((list) => [...list, { id: client.id, name: clientDisplayName(client), weight: candidateWeight }]);
    setCandidate('');
    setCandidateWeight(weightText(DEFAULT_WEIGHT, i18n.locale));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const result = membersBody(members);
    if (!result.ok) {
      setInvalid(new Set(result.invalid));
      return;
    }
    try {
      await save.mutateAsync({ params: { id: family.id }, body: result.body });
      onClose();
    } catch {
      // The toast has said it; the dialog stays open.
    }
  }

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
      onSubmit={(e) => void onSubmit(e)}
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
            {members.map((m) => {
              const memberName = m.name;
              return (
                <tr key={m.id} data-member={m.id}>
                  <td>{m.name}</td>
                  <td>
                    <input
                      className="pt-input pt-ov-weight"
                      inputMode="decimal"
                      value={m.weight}
                      aria-label={t`Peso di ${memberName}`}
                      aria-invalid={invalid.has(m.id) || undefined}
                      data-testid={`member-weight-${m.id}`}
                      onChange={(e) => {
                        const weight = e.target.value;
                        setMembers((list) => list.map((x) => (x.id === m.id ? { ...x, weight } : x)));
                        setInvalid((s) => {
                          const next = new Set(s);
                          next.delete(m.id);
                          return next;
                        });
                      }}
                    />
                    {invalid.has(m.id) ? (
                      <span className="pt-ov-error" role="alert">
                        {weightHint}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="pt-btn pt-btn--ghost"
                      onClick={() => setMembers((list) => list.filter((x) => x.id !== m.id))}
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
          onChange={setCandidate}
          placeholder={clients.isPending ? t`Caricamento…` : t`Scegli un cliente`}
          options={available.map((c) => ({ value: String(c.id), label: clientDisplayName(c) }))}
          disabled={clients.isPending}
          data-testid="member-candidate"
        />
        <Field label={t`Peso`} error={candidateInvalid ? weightHint : undefined}>
          {(control) => (
            <input
              {...control}
              className="pt-input pt-ov-weight"
              inputMode="decimal"
              value={candidateWeight}
              onChange={(e) => {
                setCandidateWeight(e.target.value);
                setCandidateInvalid(false);
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
