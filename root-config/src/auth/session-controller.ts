// The session (spec section 4): OpenID Connect code flow with PKCE through oidc-client-ts, silent renewal with
// the refresh token up to 5 times, then the expiring modal asks; any mouse press resets the count; expiry signs
// out to /login; the sign-in record lives in localStorage so that a sign-out in one tab signs out the others.
// An ADMIN may act as a PRO (impersonation, issue 19): the ADMIN's access token is exchanged at the issuer for one of
// the PRO (RFC 8693 token exchange), kept for this tab only (sessionStorage) and exchanged again at every renewal.
import { api, currentLocale, navigate, provideImpersonation, sessionStore } from '@patrimonio/shared-ui';
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { PortalConfig } from './portal-config.ts';

export const MAX_SILENT_RENEWALS = 5;
/** The modal shows this long before the access token expires. */
export const EXPIRING_NOTICE_SECONDS = 60;
const REDIRECT_KEY = 'redirect';
/** This tab's impersonation: the PRO's id and the exchanged token (sessionStorage: this tab only, kept on reload). */
export const IMPERSONATION_KEY = 'patrimonio.impersonating';
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

type Listener = () => void;

export interface ExpiringState {
  open: boolean;
  secondsLeft: number;
}

/**
 * The stored sign-in (localStorage, shared by the tabs), which a tab that is signing out writes no more: a renewal
 * under way when the user signs out, in this tab or another, would otherwise write the record back after its removal,
 * and the next page (/login) would find it and adopt tokens the issuer has just revoked.
 */
class SignInRecordStore extends WebStorageStateStore {
  frozen = false;
  override async set(key: string, value: string): Promise<void> {
    if (!this.frozen) await super.set(key, value);
  }
}

export class SessionController {
  readonly manager: UserManager;
  private readonly record = new SignInRecordStore({ store: window.localStorage });
  private renewals = 0;
  private expiring: ExpiringState = { open: false, secondsLeft: 0 };
  private readonly listeners = new Set<Listener>();
  private countdown: ReturnType<typeof setInterval> | undefined;
  private signingOut = false;

  constructor(private readonly config: PortalConfig) {
    const origin = window.location.origin;
    this.manager = new UserManager({
      authority: config.authority,
      client_id: config.clientId,
      scope: config.scope,
      redirect_uri: `${origin}/auth/callback`,
      post_logout_redirect_uri: `${origin}/login`,
      response_type: 'code',
      automaticSilentRenew: false,
      accessTokenExpiringNotificationTimeInSeconds: EXPIRING_NOTICE_SECONDS,
      userStore: this.record,
      loadUserInfo: false,
      monitorSession: false,
    });
    provideImpersonation({ start: (proId) => this.startImpersonation(proId), stop: () => this.stopImpersonation() });
  }

  // --- expiring-modal state, read by the shell through useSyncExternalStore ---
  getExpiring = (): ExpiringState => this.expiring;
  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  private setExpiring(next: ExpiringState) {
    this.expiring = next;
    for (const l of this.listeners) l();
  }

  /** Reads the stored sign-in (or completes the code flow on /auth/callback) and wires the session events. */
  async init(): Promise<void> {
    const m = this.manager;
    m.events.addAccessTokenExpiring(() => void this.onExpiring());
    m.events.addAccessTokenExpired(() => void this.onExpired());
    m.events.addUserLoaded((user) => void this.adopt(user));
    document.addEventListener('mousedown', () => {
      this.renewals = 0;
    });
    // Another tab signed out: its removal of the stored record reaches us as a storage event.
    window.addEventListener('storage', (e) => {
      if (e.key === this.storageKey && e.newValue === null) void this.signedOutElsewhere();
    });

    if (window.location.pathname === '/auth/callback') {
      try {
        const user = await m.signinRedirectCallback();
        await this.adopt(user);
        navigate('/', { replace: true });
      } catch (err) {
        console.error('sign-in callback failed', err);
        sessionStore.set({ status: 'signed-out' });
        navigate('/token-error', { replace: true });
      }
      return;
    }

    const user = await m.getUser();
    if (user && !user.expired) {
      await this.adopt(user);
      return;
    }
    if (user?.refresh_token) {
      try {
        await this.adopt(await m.signinSilent());
        return;
      } catch {
        await m.removeUser();
      }
    }
    sessionStore.set({ status: 'signed-out', user: null, accessToken: null, expiresAt: null });
  }

  private get storageKey() {
    return `oidc.user:${this.config.authority}:${this.config.clientId}`;
  }

  /**
   * Makes a user (fresh from sign-in or renewal) the session's, and loads the profile once. While this tab
   * impersonates, the fresh ADMIN token is exchanged for a fresh one of the PRO; a refused exchange ends it.
   */
  private async adopt(user: User | null): Promise<void> {
    if (!user || this.signingOut) return;
    const hadProfile = sessionStore.get().user !== null;
    const impersonation = storedImpersonation();
    let accessToken = user.access_token;
    let impersonationEnded = false;
    if (impersonation) {
      try {
        // A reload takes the tab's token while it has time left; a renewal exchanges the fresh ADMIN token, going on
        // with the same impersonation (previous_token), so that stopping it ends every token it was given.
        accessToken =
          !hadProfile && secondsLeft(impersonation.accessToken) > EXPIRING_NOTICE_SECONDS
            ? impersonation.accessToken
            : await this.exchange(user.access_token, impersonation.proId, impersonation.accessToken);
        storeImpersonation({ proId: impersonation.proId, accessToken });
      } catch (err) {
        console.warn('impersonation could not be renewed; back to the own session', err);
        sessionStorage.removeItem(IMPERSONATION_KEY);
        impersonationEnded = true;
      }
    }
    sessionStore.set({ accessToken, expiresAt: user.expires_at ?? null });
    if (this.expiring.open) this.closeModal();
    if (impersonationEnded) {
      await this.reloadProfile();
      return;
    }
    if (hadProfile) return;
    try {
      const profile = await api('userMe');
      sessionStore.set({ status: 'signed-in', user: profile });
    } catch (err) {
      console.error('profile could not be loaded', err);
      await this.manager.removeUser();
      sessionStore.set({ status: 'signed-out', user: null, accessToken: null, expiresAt: null });
      navigate('/token-error', { replace: true });
    }
  }

  /** The token endpoint's exchange of the ADMIN's access token for one of the PRO (server identity/impersonation.ts). */
  private async exchange(subjectToken: string, proId: number, previousToken?: string): Promise<string> {
    const endpoint = await this.manager.metadataService.getTokenEndpoint();
    if (!endpoint) throw new Error('the issuer has no token endpoint');
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: TOKEN_EXCHANGE_GRANT,
        client_id: this.config.clientId,
        subject_token: subjectToken,
        subject_token_type: ACCESS_TOKEN_TYPE,
        requested_subject: String(proId),
        ...(previousToken ? { previous_token: previousToken } : {}),
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; error_description?: string };
    if (!res.ok || !body.access_token)
      throw new Error(body.error_description ?? `token exchange answered ${res.status}`);
    return body.access_token;
  }

  private async reloadProfile(): Promise<void> {
    sessionStore.set({ user: await api('userMe'), selection: null });
  }

  /** An ADMIN starts acting as a PRO in this tab: the PRO's token and profile, then the PRO's home. */
  async startImpersonation(proId: number): Promise<void> {
    const admin = await this.manager.getUser();
    if (!admin || admin.expired) throw new Error('not signed in');
    const accessToken = await this.exchange(admin.access_token, proId);
    storeImpersonation({ proId, accessToken });
    sessionStore.set({ accessToken, selection: null });
    await this.reloadProfile();
    navigate('/clients');
  }

  /** Ends this tab's impersonation (the server revokes the exchanged token) and returns to the ADMIN's home. */
  async stopImpersonation(): Promise<void> {
    try {
      await api('stopImpersonation');
    } catch (err) {
      // Already ended (expired, refused): the own session comes back all the same.
      console.warn('stopping the impersonation failed', err);
    }
    sessionStorage.removeItem(IMPERSONATION_KEY);
    const admin = await this.manager.getUser();
    if (!admin || admin.expired) {
      await this.signOut();
      return;
    }
    sessionStore.set({ accessToken: admin.access_token, expiresAt: admin.expires_at ?? null });
    await this.reloadProfile();
    navigate('/caronte-panel');
  }

  private async onExpiring() {
    // Tabs share the stored sign-in: renew in one tab at a time, and take another tab's fresher tokens as ours.
    const renewed = navigator.locks
      ? await navigator.locks.request('patrimonio-token-renewal', () => this.renewOrAdopt())
      : await this.renewOrAdopt();
    if (!renewed) this.openModal();
  }

  private async renewOrAdopt(): Promise<boolean> {
    if (this.signingOut) return true;
    const stored = await this.manager.getUser();
    if (stored && !stored.expired && (stored.expires_at ?? 0) > (sessionStore.get().expiresAt ?? 0)) {
      // Re-arms the expiring timers and raises userLoaded, which adopts the tokens.
      await this.manager.events.load(stored);
      return true;
    }
    if (this.renewals >= MAX_SILENT_RENEWALS) return false;
    this.renewals += 1;
    try {
      await this.manager.signinSilent();
      return true;
    } catch (err) {
      console.warn('silent renewal failed', err);
      return false;
    }
  }

  private openModal() {
    const tick = () => {
      const expiresAt = sessionStore.get().expiresAt ?? 0;
      this.setExpiring({ open: true, secondsLeft: expiresAt - Math.floor(Date.now() / 1000) });
    };
    tick();
    clearInterval(this.countdown);
    this.countdown = setInterval(tick, 1000);
  }

  private closeModal() {
    clearInterval(this.countdown);
    this.setExpiring({ open: false, secondsLeft: 0 });
  }

  /** The modal's "keep alive": renew now; the user has confirmed, so automatic renewals start again. */
  keepAlive = async () => {
    this.renewals = 0;
    try {
      await this.manager.signinSilent();
    } catch (err) {
      console.error('renewal failed', err);
      await this.signOut();
    }
  };

  private async onExpired() {
    this.closeModal();
    await this.signOut();
  }

  /**
   * Starts the code flow; the issuer's sign-in page comes up in the portal's language. prompt=login asks for
   * the password even if the issuer still has a session (say, another tab is signing out right now).
   */
  async signIn(): Promise<void> {
    await this.manager.signinRedirect({ ui_locales: currentLocale(), prompt: 'login' });
  }

  /** Ends the issuer session too (id_token_hint), returning to /login, or to `returnTo` if registered there. */
  signOut = async (returnTo?: string): Promise<void> => {
    if (this.signingOut) return;
    this.signingOut = true;
    this.record.frozen = true;
    sessionStorage.removeItem(IMPERSONATION_KEY);
    this.closeModal();
    try {
      await this.manager.signoutRedirect(returnTo ? { post_logout_redirect_uri: returnTo } : undefined);
    } catch (err) {
      // Sign-out failure is only logged (spec section 8); the local session still ends.
      console.error('sign-out failed', err);
      await this.manager.removeUser();
      sessionStore.set({ status: 'signed-out', user: null, accessToken: null, expiresAt: null, selection: null });
      this.signingOut = false;
      this.record.frozen = false;
      navigate('/login', { replace: true });
    }
  };

  /**
   * Another tab signed out. A renewal of this tab may be under way (tabs renew in turn): from now on nothing is
   * adopted, renewed or stored here, and the record is removed once more before leaving for /login.
   */
  private async signedOutElsewhere() {
    this.signingOut = true;
    this.record.frozen = true;
    sessionStorage.removeItem(IMPERSONATION_KEY);
    this.closeModal();
    sessionStore.set({ status: 'signed-out', user: null, accessToken: null, expiresAt: null, selection: null });
    await this.manager.removeUser();
    window.location.assign('/login');
  }
}

interface StoredImpersonation {
  proId: number;
  accessToken: string;
}

/** The PRO this tab acts as and its token, or null. */
function storedImpersonation(): StoredImpersonation | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(IMPERSONATION_KEY) ?? 'null') as Partial<StoredImpersonation> | null;
    const ok = v && Number.isSafeInteger(v.proId) && (v.proId ?? 0) > 0 && typeof v.accessToken === 'string';
    return ok ? { proId: v.proId!, accessToken: v.accessToken! } : null;
  } catch {
    return null;
  }
}

const storeImpersonation = (v: StoredImpersonation) => sessionStorage.setItem(IMPERSONATION_KEY, JSON.stringify(v));

/** Seconds until a JWT expires (0 when unreadable). */
function secondsLeft(jwt: string): number {
  try {
    const payload = JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return (payload.exp ?? 0) - Math.floor(Date.now() / 1000);
  } catch {
    return 0;
  }
}

/** Path and query to come back to after sign-in (spec: the stored 'redirect'). */
export const redirectMemory = {
  save(pathAndQuery: string) {
    sessionStorage.setItem(REDIRECT_KEY, pathAndQuery);
  },
  take(): string | null {
    const v = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
    return v;
  },
  peek: () => sessionStorage.getItem(REDIRECT_KEY),
};
