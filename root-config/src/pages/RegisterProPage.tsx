// /register-pro: a professional's own registration (issue 19; docs/registration-and-delegates.md). Without a token,
// the form (name, email = the future login, VAT number with its check digit, professional register number, password
// with the contract's rules, the legal documents accepted) posts POST /register/pro, then says where the
// confirmation link went. With ?token=… (the mailed link) the page confirms the registration
// (POST /register/pro/confirm): the account is active and its trial started; a button leads to the sign-in, after which
// the PRO lands on /clients with the guided tour.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  checkVat,
  MIN_PASSWORD_LENGTH,
  PRO_TRIAL_DAYS,
  passwordProblem,
  REGISTER_NUMBER_PATTERN,
} from '@patrimonio/shared-api/constants';
import {
  api,
  BlankLayout,
  LegalDialog,
  Link,
  legalDocumentUrl,
  navigate,
  requestTourAutoStart,
  Spinner,
  toastMessages,
  useLocation,
} from '@patrimonio/shared-ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { publicFormStyles as styles } from './public-form-styles.ts';

type FieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'vat'
  | 'registerNumber'
  | 'password'
  | 'confirm'
  | 'terms'
  | 'privacy';
type FieldProblem =
  | 'required'
  | 'invalid'
  | 'taken'
  | 'too_short'
  | 'too_simple'
  | 'same_as_email'
  | 'mismatch'
  | 'invalid_vat';
type Errors = Partial<Record<FieldName, FieldProblem>>;

const FIELDS: readonly FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'vat',
  'registerNumber',
  'password',
  'confirm',
  'terms',
  'privacy',
];
const EMAIL = /^[A-Za-z0-9][A-Za-z0-9._+-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const REGISTER_NUMBER = new RegExp(REGISTER_NUMBER_PATTERN);

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  vat: string;
  registerNumber: string;
  password: string;
  confirm: string;
  terms: boolean;
  privacy: boolean;
}

/** The form's own checks, as the server makes them. */
export function checkRegistration(v: Values): Errors {
  const e: Errors = {};
  if (!v.firstName.trim()) e.firstName = 'required';
  if (!v.lastName.trim()) e.lastName = 'required';
  if (!v.email.trim()) e.email = 'required';
  else if (!EMAIL.test(v.email.trim()) || v.email.trim().length > 100) e.email = 'invalid';
  const vat = checkVat(v.vat);
  if (vat) e.vat = vat === 'missing_vat' ? 'required' : 'invalid_vat';
  if (!v.registerNumber.trim()) e.registerNumber = 'required';
  else if (!REGISTER_NUMBER.test(v.registerNumber.trim())) e.registerNumber = 'invalid';
  const weak = passwordProblem(v.password, { email: v.email });
  if (weak) e.password = weak === 'too_simple' || weak === 'same_as_email' ? weak : 'too_short';
  else if (v.password !== v.confirm) e.confirm = 'mismatch';
  if (!v.terms) e.terms = 'required';
  if (!v.privacy) e.privacy = 'required';
  return e;
}

/** Status, code and field errors of a failed API call (status 0 when the server could not be reached). */
function failureOf(err: unknown) {
  const e = err as { status?: unknown; body?: { code?: unknown; fields?: unknown } } | null;
  return {
    status: typeof e?.status === 'number' ? e.status : 0,
    code: typeof e?.body?.code === 'string' ? e.body.code : null,
    fields: Array.isArray(e?.body?.fields) ? (e.body.fields as Array<{ field: string; message: string }>) : [],
  };
}

export function RegisterProPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token');
  return (
    <BlankLayout>
      <div className="pt-public" style={styles.stack} data-testid="register-pro">
        {token ? <Confirmation token={token} /> : <RegistrationForm />}
      </div>
    </BlankLayout>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <>
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </>
  );
}

function Confirmation({ token }: { token: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'done'; login: string; trialUntil: string } | { kind: 'problem'; code: string }
  >({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt repeats the request
  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'loading' });
    api('confirmProRegistration', { body: { token } }).then(
      (r) => {
        if (cancelled) return;
        // The new professional's first sign-in in this browser starts the guided tour on /clients.
        requestTourAutoStart();
        setState({ kind: 'done', ...r });
      },
      (err: unknown) => {
        if (cancelled) return;
        const { status, code } = failureOf(err);
        setState({ kind: 'problem', code: code ?? (status === 0 || status >= 500 ? 'unreachable' : 'invalid_token') });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);
  useEffect(() => {
    if (state.kind !== 'loading') headingRef.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading')
    return (
      <>
        <h1 style={styles.heading}>
          <Trans>Attivazione dell'account</Trans>
        </h1>
        <p style={styles.status} data-testid="register-pro-confirming">
          <Busy text={t`Verifica del collegamento…`} />
        </p>
      </>
    );
  if (state.kind === 'done')
    return (
      <>
        <h1 style={styles.heading} ref={headingRef} tabIndex={-1}>
          <Trans>Account attivato</Trans>
        </h1>
        <p style={styles.success} role="status" data-testid="register-pro-activated">
          <Trans>
            Il tuo account è attivo e il periodo di prova è iniziato. Accedi con l'email <strong>{state.login}</strong>{' '}
            e la password che hai scelto.
          </Trans>
        </p>
        <button
          type="button"
          className="pt-btn pt-btn--primary"
          onClick={() => navigate('/login')}
          data-testid="register-pro-sign-in"
        >
          <Trans>Accedi</Trans>
        </button>
      </>
    );
  let text: ReactNode;
  switch (state.code) {
    case 'token_used':
      text = <Trans>Questo collegamento è già stato usato: se hai già attivato l'account, accedi.</Trans>;
      break;
    case 'token_revoked':
      text = <Trans>Questo collegamento è stato sostituito da uno più recente: usa quello dell'ultima email.</Trans>;
      break;
    case 'token_expired':
      text = <Trans>Il collegamento è scaduto. Registrati di nuovo con la stessa email per riceverne uno nuovo.</Trans>;
      break;
    case 'unreachable':
      text = <Trans>Impossibile verificare il collegamento: controlla la connessione e riprova.</Trans>;
      break;
    default:
      text = (
        <Trans>
          Il collegamento non è valido. Controlla di aver aperto il collegamento completo ricevuto via email.
        </Trans>
      );
  }
  return (
    <>
      <h1 style={styles.heading} ref={headingRef} tabIndex={-1}>
        <Trans>Attivazione non riuscita</Trans>
      </h1>
      <p style={styles.alert} role="alert" data-testid="register-pro-error" data-reason={state.code}>
        {text}
      </p>
      {state.code === 'unreachable' ? (
        <button type="button" className="pt-btn pt-btn--primary" onClick={() => setAttempt((n) => n + 1)}>
          <Trans>Riprova</Trans>
        </button>
      ) : null}
      <Link to="/login" className="pt-btn pt-btn--secondary">
        <Trans>Vai all'accesso</Trans>
      </Link>
    </>
  );
}

function RegistrationForm() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const [values, setValues] = useState<Values>({
    firstName: '',
    lastName: '',
    email: '',
    vat: '',
    registerNumber: '',
    password: '',
    confirm: '',
    terms: false,
    privacy: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<'throttled' | 'failed' | null>(null);
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const [legalOpen, setLegalOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const focusFirst = (e: Errors) => {
    const first = FIELDS.find((f) => e[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = checkRegistration(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setBusy(true);
    try {
      const r = await api('registerPro', {
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          vat: values.vat.trim(),
          registerNumber: values.registerNumber.trim(),
          password: values.password,
          termsAccepted: true,
          privacyAccepted: true,
        },
      });
      setSent({ email: r.email });
    } catch (err) {
      const { status, code, fields } = failureOf(err);
      const server: Errors = {};
      if (status === 409 || code === 'login_taken') server.email = 'taken';
      for (const f of fields) {
        const name = f.field.replace(/^body\./, '').split('.')[0] as FieldName;
        if (name === 'vat') server.vat = 'invalid_vat';
        else if (name === 'password')
          server.password = f.message === 'too_simple' || f.message === 'same_as_email' ? f.message : 'too_short';
        else if ((FIELDS as readonly string[]).includes(name)) server[name] = 'invalid';
      }
      if (Object.keys(server).length) {
        setErrors(server);
        focusFirst(server);
      } else setFailure(status === 429 ? 'throttled' : 'failed');
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <>
        <h1 style={styles.heading} ref={sentRef} tabIndex={-1}>
          <Trans>Controlla la posta</Trans>
        </h1>
        <p style={styles.success} role="status" data-testid="register-pro-sent">
          <Trans>
            Ti abbiamo inviato all'indirizzo <strong>{sent.email}</strong> un collegamento per attivare l'account. Il
            periodo di prova di {PRO_TRIAL_DAYS} giorni inizia con l'attivazione.
          </Trans>
        </p>
        <Link to="/login" className="pt-btn pt-btn--secondary">
          <Trans>Vai all'accesso</Trans>
        </Link>
      </>
    );

  const message = (p: FieldProblem): string => {
    switch (p) {
      case 'required':
        return t`Campo obbligatorio.`;
      case 'taken':
        return t`Esiste già un account con questo indirizzo email.`;
      case 'invalid_vat':
        return t`La partita IVA non è valida: servono 11 cifre con la cifra di controllo corretta.`;
      case 'too_short':
        return t`La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri.`;
      case 'too_simple':
        return t`La password deve contenere una lettera e una cifra o un simbolo.`;
      case 'same_as_email':
        return t`La password non può essere uguale al tuo indirizzo email.`;
      case 'mismatch':
        return t`Le due password non coincidono.`;
      default:
        return t`Valore non valido.`;
    }
  };
  const errorOf = (name: FieldName) =>
    errors[name] ? (
      <span id={`register-pro-${name}-error`} style={styles.fieldError} data-testid={`register-pro-${name}-error`}>
        {message(errors[name])}
      </span>
    ) : null;
  const describedBy = (name: FieldName, hint?: string) =>
    [hint, errors[name] ? `register-pro-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const input = (
    name: Exclude<FieldName, 'terms' | 'privacy'>,
    label: ReactNode,
    props: Record<string, string | number | boolean> = {},
    hint?: ReactNode,
  ) => (
    <div style={styles.field}>
      <label htmlFor={`register-pro-${name}`} style={styles.label}>
        {label}
      </label>
      <input
        id={`register-pro-${name}`}
        className="pt-input"
        name={name}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name, hint ? `register-pro-${name}-hint` : undefined)}
        {...props}
      />
      {hint ? (
        <span id={`register-pro-${name}-hint`} style={styles.hint}>
          {hint}
        </span>
      ) : null}
      {errorOf(name)}
    </div>
  );
  const check = (name: 'terms' | 'privacy', label: ReactNode) => (
    <div style={styles.field}>
      <div style={styles.check}>
        <input
          id={`register-pro-${name}`}
          name={name}
          type="checkbox"
          checked={values[name]}
          onChange={(e) => set(name, e.target.checked)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(name)}
        />
        <label htmlFor={`register-pro-${name}`}>{label}</label>
      </div>
      {errorOf(name)}
    </div>
  );
  const newTab = <span className="pt-sr-only">{t`(si apre in una nuova scheda)`}</span>;

  return (
    <form
      ref={formRef}
      style={styles.stack}
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy}
      data-testid="register-pro-form"
    >
      <h1 style={styles.heading}>
        <Trans>Registrazione professionista</Trans>
      </h1>
      <p style={styles.summary}>
        <Trans>
          Crea l'account del tuo studio: dopo la conferma via email inizia un periodo di prova di {PRO_TRIAL_DAYS}{' '}
          giorni.
        </Trans>
      </p>
      {input('firstName', <Trans>Nome</Trans>, { autoComplete: 'given-name', maxLength: 100, required: true })}
      {input('lastName', <Trans>Cognome</Trans>, { autoComplete: 'family-name', maxLength: 100, required: true })}
      {input('email', <Trans>Email (il tuo nome utente)</Trans>, {
        type: 'email',
        autoComplete: 'email',
        maxLength: 100,
        required: true,
      })}
      {input('vat', <Trans>Partita IVA</Trans>, { inputMode: 'numeric', maxLength: 16, required: true }, t`11 cifre`)}
      {input(
        'registerNumber',
        <Trans>Numero di iscrizione all'albo (es. OCF)</Trans>,
        { maxLength: 30, required: true },
        t`Da 3 a 30 lettere e cifre`,
      )}
      {input(
        'password',
        <Trans>Password</Trans>,
        { type: 'password', autoComplete: 'new-password', maxLength: 1024, required: true },
        t`Almeno ${MIN_PASSWORD_LENGTH} caratteri, con una lettera e una cifra o un simbolo; non usare il tuo indirizzo email.`,
      )}
      {input('confirm', <Trans>Conferma password</Trans>, {
        type: 'password',
        autoComplete: 'new-password',
        maxLength: 1024,
        required: true,
      })}
      {check(
        'terms',
        <Trans>
          Accetto i{' '}
          <a href={legalDocumentUrl('terms', locale)} target="_blank" rel="noopener noreferrer">
            termini e le condizioni
            {newTab}
          </a>
        </Trans>,
      )}
      {check(
        'privacy',
        <Trans>
          Ho letto e accetto l'
          <a href={legalDocumentUrl('privacy-pro', locale)} target="_blank" rel="noopener noreferrer">
            informativa sulla privacy
            {newTab}
          </a>
        </Trans>,
      )}
      <button
        type="button"
        className="pt-btn pt-btn--ghost"
        onClick={() => setLegalOpen(true)}
        data-testid="register-pro-legal"
      >
        <Trans>Tutti i documenti legali</Trans>
      </button>
      <LegalDialog open={legalOpen} onClose={() => setLegalOpen(false)} />
      {failure ? (
        <p style={styles.alert} role="alert" data-testid="register-pro-failed">
          {failure === 'throttled' ? t`Troppi tentativi: riprova tra qualche minuto.` : i18n._(toastMessages.error500)}
        </p>
      ) : null}
      <button type="submit" className="pt-btn pt-btn--primary" disabled={busy} data-testid="register-pro-submit">
        {busy ? <Busy text={t`Registrazione in corso…`} /> : <Trans>Registrati</Trans>}
      </button>
      <Link to="/login">
        <Trans>Hai già un account? Accedi</Trans>
      </Link>
    </form>
  );
}
