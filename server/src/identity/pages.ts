// Server-rendered pages of the embedded issuer (sign-in, sign-out, password reset, errors) in Italian (default) and
// English.
import { randomBytes } from 'node:crypto';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RESET_VALID_HOURS } from '@patrimonio/shared-api/constants';

export type Lang = 'it' | 'en';
export const LANGS: readonly Lang[] = ['it', 'en'];

const TEXT = {
  it: {
    signInTitle: 'Accedi',
    signInSubtitle: 'Accedi al tuo portale Patrimonio',
    login: 'Nome utente',
    password: 'Password',
    submit: 'Accedi',
    badCredentials: 'Nome utente o password non corretti',
    missingFields: 'Inserisci nome utente e password',
    language: 'Lingua',
    demoTitle: 'Account dimostrativi',
    demoNote: 'La password di tutti gli account è',
    demoLogin: 'Utente',
    demoRole: 'Ruolo',
    demoHint: 'Seleziona un utente per compilare il modulo.',
    signingOut: 'Uscita in corso…',
    signingOutText: 'Stai uscendo da Patrimonio.',
    signOut: 'Esci',
    signedOut: 'Sei uscito da Patrimonio',
    signedOutText: 'La sessione è stata chiusa.',
    signInAgain: 'Accedi di nuovo',
    errorTitle: 'Si è verificato un problema',
    errorText: 'La richiesta di accesso non è valida o è scaduta. Torna al portale e riprova.',
    expiredText: 'La pagina di accesso è scaduta. Torna al portale e riprova.',
    backToPortal: 'Torna al portale',
    details: 'Dettagli',
    resetTitle: 'Scegli la password',
    resetSubtitle: 'Scegli la password del tuo account Patrimonio.',
    newPassword: 'Nuova password',
    confirmPassword: 'Ripeti la nuova password',
    resetSubmit: 'Salva la password',
    rulesTitle: 'La password deve:',
    ruleLength: `avere almeno ${MIN_PASSWORD_LENGTH} caratteri (gli spazi all'inizio e alla fine non contano)`,
    ruleNotAccount: "essere diversa dal nome utente e dall'indirizzo email",
    ruleTwice: 'essere scritta due volte uguale',
    missingPasswords: 'Scrivi la nuova password nei due campi.',
    too_short: `La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri.`,
    too_long: `La password può avere al massimo ${MAX_PASSWORD_LENGTH} caratteri.`,
    same_as_email: 'La password non può essere il tuo indirizzo email.',
    same_as_login: 'La password non può essere il tuo nome utente.',
    mismatch: 'Le due password non coincidono.',
    linkTitle: 'Collegamento non valido',
    invalid:
      "Il collegamento non è valido. Controlla di aver aperto il collegamento completo ricevuto via email, oppure chiedi all'amministratore un nuovo collegamento.",
    used: 'Il collegamento è già stato usato: funziona una sola volta. Se hai già scelto la password, accedi.',
    revoked: "Il collegamento è stato sostituito da uno più recente: usa l'ultimo ricevuto via email.",
    expired: `Il collegamento è scaduto (vale ${PASSWORD_RESET_VALID_HOURS} ore). Chiedi all'amministratore un nuovo collegamento.`,
    inactive: "L'account è disattivato. Rivolgiti all'amministratore.",
    tooManyRequests: 'Troppi tentativi da questo indirizzo. Riprova tra un minuto.',
    resetDoneTitle: 'Password salvata',
    resetDoneText: 'Ora puoi accedere a Patrimonio con il tuo nome utente e la nuova password.',
    goToSignIn: "Vai all'accesso",
    forgotLink: 'Password dimenticata?',
    forgotTitle: 'Password dimenticata',
    forgotSubtitle:
      "Scrivi il tuo nome utente o l'indirizzo email del tuo account: ti invieremo un collegamento per scegliere una nuova password.",
    forgotField: 'Nome utente o email',
    forgotSubmit: 'Invia il collegamento',
    missingLogin: 'Scrivi il tuo nome utente o il tuo indirizzo email.',
    forgotSentTitle: 'Controlla la posta',
    forgotSentText: `Se esiste un account con questi dati, abbiamo inviato al suo indirizzo email un collegamento per scegliere una nuova password. Il collegamento vale ${PASSWORD_RESET_VALID_HOURS} ore e funziona una sola volta.`,
    backToSignIn: "Torna all'accesso",
    too_simple: 'La password deve contenere una lettera e una cifra o un simbolo.',
    ruleMix: 'contenere almeno una lettera e almeno una cifra o un simbolo',
    roles: {
      ADMIN: 'Amministratore',
      BACK_OFFICE: 'Back office',
      PRO: 'Consulente',
      DELEGATE: 'Assistente',
      BASIC: 'Cliente',
    } as Record<string, string>,
  },
  en: {
    signInTitle: 'Sign in',
    signInSubtitle: 'Sign in to your Patrimonio portal',
    login: 'Username',
    password: 'Password',
    submit: 'Sign in',
    badCredentials: 'Incorrect username or password',
    missingFields: 'Enter your username and password',
    language: 'Language',
    demoTitle: 'Demo accounts',
    demoNote: 'The password of every account is',
    demoLogin: 'User',
    demoRole: 'Role',
    demoHint: 'Select a user to fill in the form.',
    signingOut: 'Signing out…',
    signingOutText: 'You are signing out of Patrimonio.',
    signOut: 'Sign out',
    signedOut: 'You have signed out of Patrimonio',
    signedOutText: 'Your session has been closed.',
    signInAgain: 'Sign in again',
    errorTitle: 'Something went wrong',
    errorText: 'The sign-in request is not valid or has expired. Go back to the portal and try again.',
    expiredText: 'The sign-in page has expired. Go back to the portal and try again.',
    backToPortal: 'Back to the portal',
    details: 'Details',
    resetTitle: 'Choose your password',
    resetSubtitle: 'Choose the password of your Patrimonio account.',
    newPassword: 'New password',
    confirmPassword: 'Repeat the new password',
    resetSubmit: 'Save the password',
    rulesTitle: 'The password must:',
    ruleLength: `have at least ${MIN_PASSWORD_LENGTH} characters (spaces at the start and end do not count)`,
    ruleNotAccount: 'differ from your username and your email address',
    ruleTwice: 'be typed the same twice',
    missingPasswords: 'Type the new password in both fields.',
    too_short: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
    too_long: `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`,
    same_as_email: 'The password may not be your email address.',
    same_as_login: 'The password may not be your username.',
    mismatch: 'The two passwords differ.',
    linkTitle: 'Link not valid',
    invalid:
      'The link is not valid. Check that you opened the whole link you received by email, or ask the administrator for a new one.',
    used: 'The link has already been used: it works only once. If you have already chosen your password, sign in.',
    revoked: 'The link was replaced by a newer one: use the last one you received by email.',
    expired: `The link has expired (it lasts ${PASSWORD_RESET_VALID_HOURS} hours). Ask the administrator for a new one.`,
    inactive: 'The account is deactivated. Please contact the administrator.',
    tooManyRequests: 'Too many attempts from this address. Try again in a minute.',
    resetDoneTitle: 'Password saved',
    resetDoneText: 'You can now sign in to Patrimonio with your username and the new password.',
    goToSignIn: 'Go to sign-in',
    forgotLink: 'Forgot password?',
    forgotTitle: 'Forgot password',
    forgotSubtitle:
      'Type your username or the email address of your account: we will send you a link to choose a new password.',
    forgotField: 'Username or email',
    forgotSubmit: 'Send the link',
    missingLogin: 'Type your username or your email address.',
    forgotSentTitle: 'Check your mail',
    forgotSentText: `If an account with these details exists, a link to choose a new password was sent to its email address. The link lasts ${PASSWORD_RESET_VALID_HOURS} hours and works once.`,
    backToSignIn: 'Back to sign-in',
    too_simple: 'The password must contain a letter and a digit or a symbol.',
    ruleMix: 'contain at least one letter and at least one digit or symbol',
    roles: {
      ADMIN: 'Administrator',
      BACK_OFFICE: 'Back office',
      PRO: 'Adviser',
      DELEGATE: 'Assistant',
      BASIC: 'Client',
    } as Record<string, string>,
  },
} as const;

export type TextKey = Exclude<keyof (typeof TEXT)['it'], 'roles'>;

export function t(lang: Lang, key: TextKey): string {
  return TEXT[lang][key];
}

/** The sign-in page's message for 429: too many attempts, and when to try again (in whole minutes). */
export function tooManyAttemptsText(lang: Lang, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (lang === 'en') {
    return `Too many sign-in attempts. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
  }
  return `Troppi tentativi di accesso. Riprova tra ${minutes === 1 ? 'un minuto' : `${minutes} minuti`}.`;
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The first of our languages in a space-separated ui_locales value or an Accept-Language header. */
export function pickLang(...candidates: Array<string | null | undefined>): Lang | undefined {
  for (const value of candidates) {
    if (!value) continue;
    for (const part of value.split(/[\s,]+/)) {
      const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
      if (tag === 'it' || tag === 'en') return tag;
    }
  }
  return undefined;
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Content-Security-Policy for these pages: inline styles, scripts only with the page's nonce, no framing. */
export function contentSecurityPolicy(nonce: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`;
}

const STYLE = `
:root{--brand:#1f6f78;--brand-dark:#17545b;--brand-light:#e6f1f2;--ink:#1d2b2f;--muted:#5d6b70;--line:#d5dee0;--error:#b3261e;--error-bg:#fdecea}
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{font-family:"Montserrat","Segoe UI",system-ui,-apple-system,Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);
background:linear-gradient(160deg,#f4f8f8 0%,#e3eeef 100%);min-height:100vh;display:flex;flex-direction:column;align-items:center;
justify-content:center;padding:24px 16px;line-height:1.45}
main{width:100%;max-width:420px}
.card{background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(23,84,91,.12),0 1px 3px rgba(0,0,0,.06);padding:32px 32px 28px}
.top{display:flex;align-items:center;justify-content:space-between;margin-bottom:24px;gap:12px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.25rem;color:var(--brand);letter-spacing:.02em}
.brand svg{flex:none}
.langs{display:flex;gap:2px;font-size:.8rem;border:1px solid var(--line);border-radius:999px;padding:2px}
.langs a{color:var(--muted);text-decoration:none;padding:3px 10px;border-radius:999px;font-weight:600}
.langs a[aria-current="true"]{background:var(--brand);color:#fff}
.langs a:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
h1{font-size:1.5rem;margin:0 0 4px;font-weight:700}
.sub{margin:0 0 24px;color:var(--muted);font-size:.95rem}
label{display:block;font-weight:600;font-size:.9rem;margin:0 0 6px}
.field{margin-bottom:18px}
input[type=text],input[type=password]{width:100%;height:46px;padding:0 12px;font:inherit;font-size:1rem;color:var(--ink);
background:#fff;border:1px solid var(--line);border-radius:8px;transition:border-color .15s,box-shadow .15s}
input:focus{outline:none;border-color:var(--brand);box-shadow:0 0 0 3px rgba(31,111,120,.2)}
input[aria-invalid="true"]{border-color:var(--error)}
.btn{display:block;width:100%;height:46px;border:0;border-radius:8px;background:var(--brand);color:#fff;font:inherit;font-weight:700;
font-size:1rem;cursor:pointer;text-align:center;text-decoration:none;line-height:46px;transition:background .15s}
.btn:hover{background:var(--brand-dark)}
.btn:focus-visible{outline:3px solid rgba(31,111,120,.45);outline-offset:2px}
.alert{background:var(--error-bg);color:var(--error);border-radius:8px;padding:10px 12px;margin:0 0 18px;font-weight:600;font-size:.92rem}
.demo{margin-top:24px;border-top:1px solid var(--line);padding-top:18px}
.demo h2{font-size:.95rem;margin:0 0 4px}
.demo p{margin:0 0 10px;color:var(--muted);font-size:.85rem}
.demo table{width:100%;border-collapse:collapse;font-size:.88rem}
.demo th{text-align:left;color:var(--muted);font-weight:600;padding:4px 6px;border-bottom:1px solid var(--line)}
.demo td{padding:3px 6px;border-bottom:1px solid #eef2f3}
.demo button{font:inherit;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--brand-light);color:var(--brand-dark);
border:0;border-radius:6px;padding:3px 8px;cursor:pointer}
.demo button:hover,.demo button:focus-visible{background:var(--brand);color:#fff;outline:none}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--brand-light);color:var(--brand-dark);padding:1px 6px;border-radius:5px}
.rules{margin:0 0 18px;color:var(--muted);font-size:.88rem}
.rules p{margin:0 0 4px;font-weight:600}
.rules ul{margin:0;padding-left:20px}
input[readonly]{background:#f4f8f8;color:var(--muted)}
.aside{margin:14px 0 0;text-align:center;font-size:.9rem}
.aside a{color:var(--brand);font-weight:600}
.aside a:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
.detail{margin-top:14px;color:var(--muted);font-size:.82rem;word-break:break-word}
footer{margin-top:18px;text-align:center;color:var(--muted);font-size:.8rem}
@media (max-width:480px){.card{padding:24px 20px 22px;border-radius:12px}body{justify-content:flex-start;padding-top:16px}}
`;

// The portal's brand mark (shared-ui Logo), so the sign-in page and the portal look like one product.
const LOGO = `<svg width="34" height="34" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
<rect width="40" height="40" rx="10" fill="#1f6f78"/><path d="M14 29V11h7.5a6.25 6.25 0 0 1 0 12.5H14" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/><path d="M20.5 29h7" stroke="#9fc9d0" stroke-width="3.4" stroke-linecap="round"/></svg>`;

interface LayoutOptions {
  lang: Lang;
  title: string;
  body: string;
  nonce: string;
  /** Links to the same page in each language; no switch when missing. */
  switchUrls?: Record<Lang, string>;
  script?: string;
}

function layout(o: LayoutOptions): string {
  const langs = o.switchUrls
    ? `<nav class="langs" aria-label="${escapeHtml(t(o.lang, 'language'))}">${LANGS.map(
        (l) =>
          `<a href="${escapeHtml(o.switchUrls?.[l])}" hreflang="${l}" lang="${l}"${l === o.lang ? ' aria-current="true"' : ''}>${l.toUpperCase()}</a>`,
      ).join('')}</nav>`
    : '';
  return `<!DOCTYPE html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(o.title)} · Patrimonio</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<div class="top"><div class="brand">${LOGO}<span>Patrimonio</span></div>${langs}</div>
${o.body}
</div>
<footer>© ${new Date().getFullYear()} Patrimonio</footer>
</main>
${o.script ? `<script nonce="${o.nonce}">${o.script}</script>` : ''}
</body>
</html>`;
}

export interface SignInPageOptions {
  lang: Lang;
  nonce: string;
  /** Where the form posts to. */
  action: string;
  switchUrls: Record<Lang, string>;
  login?: string;
  error?: string;
  /** Listed only in development. */
  demoAccounts?: ReadonlyArray<{ login: string; role: string }>;
  demoPassword?: string;
  /** The forgotten-password page (issue 19); no link when missing. */
  forgotUrl?: string;
}

export function signInPage(o: SignInPageOptions): string {
  const { lang } = o;
  const error = o.error ? `<p class="alert" role="alert" id="signin-error">${escapeHtml(o.error)}</p>` : '';
  const invalid = o.error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const focusPassword = Boolean(o.error && o.login);
  const demo =
    o.demoAccounts && o.demoAccounts.length > 0
      ? `<section class="demo" aria-labelledby="demo-title">
<h2 id="demo-title">${escapeHtml(t(lang, 'demoTitle'))}</h2>
<p>${escapeHtml(t(lang, 'demoNote'))} <code>${escapeHtml(o.demoPassword)}</code>. ${escapeHtml(t(lang, 'demoHint'))}</p>
<table><thead><tr><th scope="col">${escapeHtml(t(lang, 'demoLogin'))}</th><th scope="col">${escapeHtml(t(lang, 'demoRole'))}</th></tr></thead><tbody>
${o.demoAccounts
  .map(
    (a) =>
      `<tr><td><button type="button" data-login="${escapeHtml(a.login)}">${escapeHtml(a.login)}</button></td><td>${escapeHtml(TEXT[lang].roles[a.role] ?? a.role)} <small>(${escapeHtml(a.role)})</small></td></tr>`,
  )
  .join('\n')}
</tbody></table>
</section>`
      : '';
  const body = `<h1>${escapeHtml(t(lang, 'signInTitle'))}</h1>
<p class="sub">${escapeHtml(t(lang, 'signInSubtitle'))}</p>
${error}
<form method="post" action="${escapeHtml(o.action)}">
<input type="hidden" name="lang" value="${lang}">
<div class="field">
<label for="login">${escapeHtml(t(lang, 'login'))}</label>
<input type="text" id="login" name="login" value="${escapeHtml(o.login ?? '')}" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" required maxlength="200"${focusPassword ? '' : ' autofocus'}${invalid}>
</div>
<div class="field">
<label for="password">${escapeHtml(t(lang, 'password'))}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required maxlength="1024"${focusPassword ? ' autofocus' : ''}${invalid}>
</div>
<button type="submit" class="btn">${escapeHtml(t(lang, 'submit'))}</button>
</form>
${o.forgotUrl ? `<p class="aside"><a href="${escapeHtml(o.forgotUrl)}">${escapeHtml(t(lang, 'forgotLink'))}</a></p>` : ''}
${demo}`;
  const script = demo
    ? `document.querySelectorAll('[data-login]').forEach(function(b){b.addEventListener('click',function(){` +
      `document.getElementById('login').value=b.getAttribute('data-login');` +
      `var p=document.getElementById('password');p.value=${JSON.stringify(o.demoPassword ?? '')};p.focus();});});`
    : undefined;
  return layout({
    lang,
    title: t(lang, 'signInTitle'),
    body,
    nonce: o.nonce,
    switchUrls: o.switchUrls,
    ...(script ? { script } : {}),
  });
}

/** oidc-provider's logout form, submitted at once (ends the issuer session); the button is there without JavaScript. */
export function logoutPage(o: { lang: Lang; nonce: string; form: string }): string {
  const form = o.form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const body = `<h1>${escapeHtml(t(o.lang, 'signingOut'))}</h1>
<p class="sub">${escapeHtml(t(o.lang, 'signingOutText'))}</p>
${form}
<button type="submit" class="btn" form="op.logoutForm">${escapeHtml(t(o.lang, 'signOut'))}</button>`;
  return layout({
    lang: o.lang,
    title: t(o.lang, 'signingOut'),
    body,
    nonce: o.nonce,
    script: `document.getElementById('op.logoutForm').submit();`,
  });
}

export function signedOutPage(o: { lang: Lang; nonce: string; portalUrl: string }): string {
  const body = `<h1>${escapeHtml(t(o.lang, 'signedOut'))}</h1>
<p class="sub">${escapeHtml(t(o.lang, 'signedOutText'))}</p>
<a class="btn" href="${escapeHtml(o.portalUrl)}">${escapeHtml(t(o.lang, 'signInAgain'))}</a>`;
  return layout({ lang: o.lang, title: t(o.lang, 'signedOut'), body, nonce: o.nonce });
}

export function errorPage(o: {
  lang: Lang;
  nonce: string;
  portalUrl: string;
  message?: string;
  detail?: string;
}): string {
  const detail = o.detail ? `<p class="detail">${escapeHtml(t(o.lang, 'details'))}: ${escapeHtml(o.detail)}</p>` : '';
  const body = `<h1>${escapeHtml(t(o.lang, 'errorTitle'))}</h1>
<p class="sub" role="alert">${escapeHtml(o.message ?? t(o.lang, 'errorText'))}</p>
<a class="btn" href="${escapeHtml(o.portalUrl)}">${escapeHtml(t(o.lang, 'backToPortal'))}</a>
${detail}`;
  return layout({ lang: o.lang, title: t(o.lang, 'errorTitle'), body, nonce: o.nonce });
}

export interface PasswordResetPageOptions {
  lang: Lang;
  nonce: string;
  /** Where the form posts to. */
  action: string;
  switchUrls: Record<Lang, string>;
  token: string;
  /** The account's login, shown read-only (and for password managers). */
  login: string;
  /** A message of the TEXT table: why the password was refused. */
  error?: TextKey;
}

/** The password-reset form: the new password twice, with the rules it must follow; no script. */
export function passwordResetPage(o: PasswordResetPageOptions): string {
  const { lang } = o;
  const error = o.error ? `<p class="alert" role="alert" id="reset-error">${escapeHtml(t(lang, o.error))}</p>` : '';
  const invalid = o.error
    ? ' aria-invalid="true" aria-describedby="reset-error reset-rules"'
    : ' aria-describedby="reset-rules"';
  const body = `<h1>${escapeHtml(t(lang, 'resetTitle'))}</h1>
<p class="sub">${escapeHtml(t(lang, 'resetSubtitle'))}</p>
${error}
<form method="post" action="${escapeHtml(o.action)}">
<input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="token" value="${escapeHtml(o.token)}">
<div class="field">
<label for="login">${escapeHtml(t(lang, 'login'))}</label>
<input type="text" id="login" name="login" value="${escapeHtml(o.login)}" autocomplete="username" readonly>
</div>
<div class="rules" id="reset-rules"><p>${escapeHtml(t(lang, 'rulesTitle'))}</p><ul>
<li>${escapeHtml(t(lang, 'ruleLength'))}</li>
<li>${escapeHtml(t(lang, 'ruleMix'))}</li>
<li>${escapeHtml(t(lang, 'ruleNotAccount'))}</li>
<li>${escapeHtml(t(lang, 'ruleTwice'))}</li>
</ul></div>
<div class="field">
<label for="password">${escapeHtml(t(lang, 'newPassword'))}</label>
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="${MAX_PASSWORD_LENGTH}" autofocus${invalid}>
</div>
<div class="field">
<label for="confirm">${escapeHtml(t(lang, 'confirmPassword'))}</label>
<input type="password" id="confirm" name="confirm" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="${MAX_PASSWORD_LENGTH}"${invalid}>
</div>
<button type="submit" class="btn">${escapeHtml(t(lang, 'resetSubmit'))}</button>
</form>`;
  return layout({ lang, title: t(lang, 'resetTitle'), body, nonce: o.nonce, switchUrls: o.switchUrls });
}

/** A link that does not work (a message of the TEXT table), with the way to the portal's sign-in. */
export function passwordLinkProblemPage(o: {
  lang: Lang;
  nonce: string;
  portalUrl: string;
  message: TextKey;
  switchUrls?: Record<Lang, string>;
}): string {
  const body = `<h1>${escapeHtml(t(o.lang, 'linkTitle'))}</h1>
<p class="sub" role="alert">${escapeHtml(t(o.lang, o.message))}</p>
<a class="btn" href="${escapeHtml(o.portalUrl)}">${escapeHtml(t(o.lang, 'goToSignIn'))}</a>`;
  return layout({
    lang: o.lang,
    title: t(o.lang, 'linkTitle'),
    body,
    nonce: o.nonce,
    ...(o.switchUrls ? { switchUrls: o.switchUrls } : {}),
  });
}

/** The password is saved: on to the portal's sign-in. */
export function passwordResetDonePage(o: { lang: Lang; nonce: string; portalUrl: string }): string {
  const body = `<h1>${escapeHtml(t(o.lang, 'resetDoneTitle'))}</h1>
<p class="sub" role="status">${escapeHtml(t(o.lang, 'resetDoneText'))}</p>
<a class="btn" href="${escapeHtml(o.portalUrl)}">${escapeHtml(t(o.lang, 'goToSignIn'))}</a>`;
  return layout({ lang: o.lang, title: t(o.lang, 'resetDoneTitle'), body, nonce: o.nonce });
}

/** The forgotten-password form (issue 19): the login or email address; no script. */
export function forgotPasswordPage(o: {
  lang: Lang;
  nonce: string;
  /** Where the form posts to. */
  action: string;
  switchUrls: Record<Lang, string>;
  portalUrl: string;
  login?: string;
  error?: TextKey;
}): string {
  const { lang } = o;
  const error = o.error ? `<p class="alert" role="alert" id="forgot-error">${escapeHtml(t(lang, o.error))}</p>` : '';
  const invalid = o.error ? ' aria-invalid="true" aria-describedby="forgot-error"' : '';
  const body = `<h1>${escapeHtml(t(lang, 'forgotTitle'))}</h1>
<p class="sub">${escapeHtml(t(lang, 'forgotSubtitle'))}</p>
${error}
<form method="post" action="${escapeHtml(o.action)}">
<input type="hidden" name="lang" value="${lang}">
<div class="field">
<label for="login">${escapeHtml(t(lang, 'forgotField'))}</label>
<input type="text" id="login" name="login" value="${escapeHtml(o.login ?? '')}" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" required maxlength="254" autofocus${invalid}>
</div>
<button type="submit" class="btn">${escapeHtml(t(lang, 'forgotSubmit'))}</button>
</form>
<p class="aside"><a href="${escapeHtml(o.portalUrl)}">${escapeHtml(t(lang, 'backToSignIn'))}</a></p>`;
  return layout({ lang, title: t(lang, 'forgotTitle'), body, nonce: o.nonce, switchUrls: o.switchUrls });
}

/** The same answer whether or not an account exists: a link was sent if it does. */
export function forgotPasswordSentPage(o: { lang: Lang; nonce: string; portalUrl: string }): string {
  const body = `<h1>${escapeHtml(t(o.lang, 'forgotSentTitle'))}</h1>
<p class="sub" role="status">${escapeHtml(t(o.lang, 'forgotSentText'))}</p>
<a class="btn" href="${escapeHtml(o.portalUrl)}">${escapeHtml(t(o.lang, 'backToSignIn'))}</a>`;
  return layout({ lang: o.lang, title: t(o.lang, 'forgotSentTitle'), body, nonce: o.nonce });
}
