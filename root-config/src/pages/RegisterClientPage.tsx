// /register-client?token=…: the client's registration from an invitation. A user already signed in is
// signed out first and returned here with the same token (spec section 2). The page asks the server whom the link
// was sent to (GET /register/client), shows that address (the future login) and the client's name, and creates the
// account with the chosen password (POST /register/client); then it offers the sign-in.
import { Trans, useLingui } from '@lingui/react/macro';
import { MIN_PASSWORD_LENGTH, passwordProblem as sharedPasswordProblem } from '@patrimonio/shared-api/constants';
import {
  api,
  BlankLayout,
  Link,
  legalDocumentUrl,
  navigate,
  privacyDocumentFor,
  Spinner,
  toastMessages,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { SessionController } from '../auth/session-controller.ts';
import { publicFormStyles as styles } from './public-form-styles.ts';

const PENDING_TOKEN_KEY = 'patrimonio.registerToken';

interface Invitation {
  email: string;
  clientName: string;
  expiresAt: string;
}

/** Why the link cannot be used: the server's error codes, plus a load that failed for another reason. */
type LinkProblem =
  | 'invalid_token'
  | 'token_used'
  | 'token_revoked'
  | 'token_expired'
  | 'client_already_registered'
  | 'login_taken'
  | 'unreachable';

type Stage =
  | { kind: 'waiting' }
  | { kind: 'no-token' }
  | { kind: 'loading' }
  | { kind: 'problem'; problem: LinkProblem }
  | { kind: 'form'; invitation: Invitation }
  | { kind: 'done'; login: string };

interface FieldErrors {
  password?: 'too_short' | 'too_simple' | 'same_as_email';
  confirm?: 'mismatch';
  privacy?: 'required';
}

/** Status, code and field errors of a failed API call (status 0 when the server could not be reached). */
function failureOf(err: unknown): {
  status: number;
  code: string | null;
  fields: Array<{ field: string; message: string }>;
} {
  const e = err as { status?: unknown; body?: { code?: unknown; fields?: unknown } } | null;
  const status = typeof e?.status === 'number' ? e.status : 0;
  const code = typeof e?.body?.code === 'string' ? e.body.code : null;
  const fields = Array.isArray(e?.body?.fields) ? (e.body.fields as Array<{ field: string; message: string }>) : [];
  return { status, code, fields };
}

const LINK_PROBLEMS: readonly LinkProblem[] = [
  'invalid_token',
  'token_used',
  'token_revoked',
  'token_expired',
  'client_already_registered',
  'login_taken',
];

/** The link problem a failed call means, or null when it is something else (the form stays). */
function linkProblemOf(status: number, code: string | null): LinkProblem | null {
  if (code && (LINK_PROBLEMS as readonly string[]).includes(code)) return code as LinkProblem;
  if (status === 404 || status === 410) return 'invalid_token';
  return null;
}

/** The contract's rules (shared-api passwordProblem), as the few messages of this form. */
function passwordProblem(password: string, email: string): FieldErrors['password'] {
  const problem = sharedPasswordProblem(password, { email });
  if (!problem) return undefined;
  return problem === 'too_simple' || problem === 'same_as_email' ? problem : 'too_short';
}

export function RegisterClientPage({ controller }: { controller: SessionController }) {
  const session = useSession();
  const { search } = useLocation();
  const queryToken = new URLSearchParams(search).get('token');
  const token = queryToken ?? sessionStorage.getItem(PENDING_TOKEN_KEY);

  useEffect(() => {
    if (!token) return;
    if (session.status === 'signed-in') {
      sessionStorage.setItem(PENDING_TOKEN_KEY, token);
      void controller.signOut(`${window.location.origin}/register-client`);
    } else if (session.status === 'signed-out' && !queryToken) {
      // Back from the sign-out: put the token back in the address.
      navigate(`/register-client?token=${encodeURIComponent(token)}`, { replace: true });
      sessionStorage.removeItem(PENDING_TOKEN_KEY);
    }
  }, [token, queryToken, session.status, controller]);

  const [stage, setStage] = useState<Stage>({ kind: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  const signedOut = session.status === 'signed-out';

  // Once signed out, ask the server about the link (again after "try again").
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt repeats the request
  useEffect(() => {
    if (!token) return setStage({ kind: 'no-token' });
    if (!signedOut) return setStage({ kind: 'waiting' });
    let cancelled = false;
    setStage({ kind: 'loading' });
    api('registrationInfo', { query: { token } }).then(
      (invitation) => {
        if (!cancelled) setStage({ kind: 'form', invitation });
      },
      (err: unknown) => {
        if (cancelled) return;
        const { status, code } = failureOf(err);
        setStage({
          kind: 'problem',
          problem: linkProblemOf(status, code) ?? (status === 400 ? 'invalid_token' : 'unreachable'),
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [signedOut, token, attempt]);

  // Errors and the final confirmation take the focus, so that screen readers announce them.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (stage.kind === 'problem' || stage.kind === 'done') headingRef.current?.focus();
  }, [stage.kind]);

  const onDone = useCallback((login: string) => {
    sessionStorage.removeItem(PENDING_TOKEN_KEY);
    setStage({ kind: 'done', login });
  }, []);
  const onProblem = useCallback((problem: LinkProblem) => setStage({ kind: 'problem', problem }), []);

  let content: ReactNode;
  switch (stage.kind) {
    case 'waiting':
    case 'loading':
      content = (
        <>
          <h1 style={styles.heading}>
            <Trans>Registrazione cliente</Trans>
          </h1>
          <p style={styles.status} data-testid="register-client-loading">
            <LoadingText checking={stage.kind === 'loading'} />
          </p>
        </>
      );
      break;
    case 'no-token':
      content = (
        <>
          <h1 style={styles.heading}>
            <Trans>Registrazione cliente</Trans>
          </h1>
          <p style={styles.alert} role="alert" data-testid="register-client-error" data-reason="no-token">
            <Trans>Per registrarti usa il collegamento ricevuto via email dal tuo consulente.</Trans>
          </p>
          <LoginLink />
        </>
      );
      break;
    case 'problem':
      content = (
        <ProblemView problem={stage.problem} headingRef={headingRef} onRetry={() => setAttempt((n) => n + 1)} />
      );
      break;
    case 'form':
      content = (
        <RegistrationForm token={token ?? ''} invitation={stage.invitation} onDone={onDone} onProblem={onProblem} />
      );
      break;
    case 'done':
      content = (
        <>
          <h1 style={styles.heading} ref={headingRef} tabIndex={-1}>
            <Trans>Registrazione completata</Trans>
          </h1>
          <p style={styles.success} role="status" data-testid="register-client-success">
            <Trans>
              Il tuo account è pronto. Accedi con l'email <strong>{stage.login}</strong> e la password che hai scelto.
            </Trans>
          </p>
          <button
            type="button"
            className="pt-btn pt-btn--primary"
            onClick={() => navigate('/login')}
            data-testid="register-client-sign-in"
          >
            <Trans>Accedi</Trans>
          </button>
        </>
      );
      break;
  }

  return (
    <BlankLayout>
      <div className="pt-public" style={styles.stack} data-testid="register-client" data-stage={stage.kind}>
        {content}
      </div>
    </BlankLayout>
  );
}

function LoadingText({ checking }: { checking: boolean }) {
  const { t } = useLingui();
  const text = checking ? t`Verifica del collegamento…` : t`Un momento…`;
  return (
    <>
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </>
  );
}

function BusyText() {
  const { t } = useLingui();
  const text = t`Registrazione in corso…`;
  return (
    <>
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </>
  );
}

function LoginLink() {
  return (
    <Link to="/login" className="pt-btn pt-btn--secondary" data-testid="register-client-login-link">
      <Trans>Vai all'accesso</Trans>
    </Link>
  );
}

function ProblemView({
  problem,
  headingRef,
  onRetry,
}: {
  problem: LinkProblem;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRetry: () => void;
}) {
  let title: ReactNode;
  let text: ReactNode;
  switch (problem) {
    case 'token_expired':
      title = <Trans>Collegamento scaduto</Trans>;
      text = (
        <Trans>Il collegamento di registrazione è scaduto. Chiedi al tuo consulente di inviarti un nuovo invito.</Trans>
      );
      break;
    case 'token_used':
      title = <Trans>Collegamento già usato</Trans>;
      text = (
        <Trans>
          Questo collegamento è già stato usato: ogni invito vale una sola volta. Se hai completato la registrazione,
          accedi con la tua email e la tua password.
        </Trans>
      );
      break;
    case 'token_revoked':
      title = <Trans>Collegamento sostituito</Trans>;
      text = (
        <Trans>
          Questo collegamento è stato sostituito da un invito più recente. Usa il collegamento dell'ultima email
          ricevuta dal tuo consulente.
        </Trans>
      );
      break;
    case 'client_already_registered':
      title = <Trans>Account già attivo</Trans>;
      text = <Trans>Hai già un account Patrimonio: accedi con la tua email e la tua password.</Trans>;
      break;
    case 'login_taken':
      title = <Trans>Email già registrata</Trans>;
      text = (
        <Trans>
          Esiste già un account con questo indirizzo email. Accedi con quell'account, oppure chiedi al tuo consulente di
          invitarti con un altro indirizzo.
        </Trans>
      );
      break;
    case 'unreachable':
      title = <Trans>Verifica non riuscita</Trans>;
      text = <Trans>Impossibile verificare il collegamento: controlla la connessione e riprova.</Trans>;
      break;
    default:
      title = <Trans>Collegamento non valido</Trans>;
      text = (
        <Trans>
          Il collegamento di registrazione non è valido. Controlla di aver aperto il collegamento completo ricevuto via
          email, oppure chiedi al tuo consulente un nuovo invito.
        </Trans>
      );
  }
  return (
    <>
      <h1 style={styles.heading} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p style={styles.alert} role="alert" data-testid="register-client-error" data-reason={problem}>
        {text}
      </p>
      {problem === 'unreachable' ? (
        <button type="button" className="pt-btn pt-btn--primary" onClick={onRetry}>
          <Trans>Riprova</Trans>
        </button>
      ) : null}
      <LoginLink />
    </>
  );
}

function RegistrationForm({
  token,
  invitation,
  onDone,
  onProblem,
}: {
  token: string;
  invitation: Invitation;
  onDone: (login: string) => void;
  onProblem: (problem: LinkProblem) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const privacyRef = useRef<HTMLInputElement>(null);

  const expires = i18n.date(new Date(invitation.expiresAt), { dateStyle: 'long' });

  const focusFirst = (e: FieldErrors) => {
    if (e.password) passwordRef.current?.focus();
    else if (e.confirm) confirmRef.current?.focus();
    else if (e.privacy) privacyRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {};
    const weak = passwordProblem(password, invitation.email);
    if (weak) found.password = weak;
    else if (confirm !== password) found.confirm = 'mismatch';
    if (!privacy) found.privacy = 'required';
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length) return focusFirst(found);

    setBusy(true);
    try {
      const { login } = await api('registerClient', { body: { token, password, privacyAccepted: true } });
      onDone(login);
    } catch (err) {
      const { status, code, fields } = failureOf(err);
      const problem = status === 400 ? null : linkProblemOf(status, code);
      if (problem) return onProblem(problem);
      const server: FieldErrors = {};
      for (const f of fields) {
        if (f.field === 'body.password')
          server.password = f.message === 'same_as_email' || f.message === 'too_simple' ? f.message : 'too_short';
        if (f.field === 'body.privacyAccepted') server.privacy = 'required';
      }
      if (Object.keys(server).length) {
        setErrors(server);
        focusFirst(server);
      } else {
        setFailed(true);
      }
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (...ids: Array<string | false>) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <form style={styles.stack} onSubmit={onSubmit} noValidate aria-busy={busy} data-testid="register-client-form">
      <h1 style={styles.heading}>
        <Trans>Registrazione cliente</Trans>
      </h1>
      <p style={styles.summary}>
        <Trans>
          Benvenuto in Patrimonio, <strong data-testid="register-client-name">{invitation.clientName}</strong>. Scegli
          una password per il tuo account: il collegamento è valido fino al {expires}.
        </Trans>
      </p>
      <div style={styles.field}>
        <label htmlFor="register-email" style={styles.label}>
          <Trans>Email (il tuo nome utente)</Trans>
        </label>
        <input
          id="register-email"
          className="pt-input"
          name="email"
          type="email"
          value={invitation.email}
          readOnly
          autoComplete="username"
          data-testid="register-client-email"
        />
      </div>
      <div style={styles.field}>
        <label htmlFor="register-password" style={styles.label}>
          <Trans>Password</Trans>
        </label>
        <input
          ref={passwordRef}
          id="register-password"
          className="pt-input"
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={1024}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy('register-password-hint', errors.password ? 'register-password-error' : false)}
        />
        <span id="register-password-hint" style={styles.hint}>
          <Trans>
            Almeno {MIN_PASSWORD_LENGTH} caratteri, con una lettera e una cifra o un simbolo; non usare il tuo indirizzo
            email.
          </Trans>
        </span>
        {errors.password ? (
          <span id="register-password-error" style={styles.fieldError} data-testid="register-password-error">
            {errors.password === 'same_as_email'
              ? t`La password non può essere uguale al tuo indirizzo email.`
              : errors.password === 'too_simple'
                ? t`La password deve contenere una lettera e una cifra o un simbolo.`
                : t`La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri.`}
          </span>
        ) : null}
      </div>
      <div style={styles.field}>
        <label htmlFor="register-confirm" style={styles.label}>
          <Trans>Conferma password</Trans>
        </label>
        <input
          ref={confirmRef}
          id="register-confirm"
          className="pt-input"
          name="confirmPassword"
          type="password"
          required
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? 'register-confirm-error' : undefined}
        />
        {errors.confirm ? (
          <span id="register-confirm-error" style={styles.fieldError} data-testid="register-confirm-error">
            {t`Le due password non coincidono.`}
          </span>
        ) : null}
      </div>
      <div style={styles.field}>
        <div style={styles.check}>
          <input
            ref={privacyRef}
            id="register-privacy"
            name="privacy"
            type="checkbox"
            required
            checked={privacy}
            onChange={(e) => setPrivacy(e.target.checked)}
            aria-invalid={errors.privacy ? true : undefined}
            aria-describedby={errors.privacy ? 'register-privacy-error' : undefined}
          />
          <label htmlFor="register-privacy">
            <Trans>Ho letto e accetto l'informativa sulla privacy</Trans>
          </label>
        </div>
        <a
          href={legalDocumentUrl(privacyDocumentFor('BASIC'), locale)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="register-privacy-link"
        >
          {t`Informativa privacy`}
          <span className="pt-sr-only">{t`(si apre in una nuova scheda)`}</span>
        </a>
        {errors.privacy ? (
          <span id="register-privacy-error" style={styles.fieldError} data-testid="register-privacy-error">
            {t`Per registrarti devi dichiarare di aver letto l'informativa sulla privacy.`}
          </span>
        ) : null}
      </div>
      {failed ? (
        <p style={styles.alert} role="alert" data-testid="register-client-failed">
          {i18n._(toastMessages.error500)}
        </p>
      ) : null}
      <button type="submit" className="pt-btn pt-btn--primary" disabled={busy} data-testid="register-client-submit">
        {busy ? <BusyText /> : <Trans>Registrati</Trans>}
      </button>
    </form>
  );
}
