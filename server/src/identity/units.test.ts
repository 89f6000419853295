// Small pieces of identity without a server: claim mapping, throttling delays, languages, page escaping.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../config.ts';
import { escapeHtml, pickLang, signInPage, tooManyAttemptsText } from './pages.ts';
import { failureDelayMs } from './throttle.ts';
import { toPermissions } from './users.ts';
import { CLOCK_SKEW_SECONDS, claimAt, refuseFutureIssue, roleFromClaim } from './verify.ts';

describe('claims of an outside issuer', () => {
  const payload = {
    role: 'pro',
    realm_access: { roles: ['offline_access', 'uma_authorization', 'back-office'] },
    'https://patrimonio.example/roles': ['Delegate'],
    permissions: 'APPROVE_MOVEMENT OTHER',
  };

  it('reads a claim by name, by dotted path and by a name with dots', () => {
    expect(claimAt(payload, 'role')).toBe('pro');
    expect(claimAt(payload, 'realm_access.roles')).toEqual(payload.realm_access.roles);
    expect(claimAt(payload, 'https://patrimonio.example/roles')).toEqual(['Delegate']);
    expect(claimAt(payload, 'realm_access.nothing.here')).toBeUndefined();
  });

  it('maps role values to our roles, taking the first known one of a list', () => {
    expect(roleFromClaim('pro')).toBe('PRO');
    expect(roleFromClaim(payload.realm_access.roles)).toBe('BACK_OFFICE');
    expect(roleFromClaim(['someone', 'ADMIN', 'PRO'])).toBe('ADMIN');
    expect(roleFromClaim(['someone'])).toBeNull();
    expect(roleFromClaim(42)).toBeNull();
  });

  it('keeps only known permissions, from a list or a space-separated string', () => {
    expect(toPermissions(payload.permissions)).toEqual(['APPROVE_MOVEMENT']);
    expect(toPermissions(['MANAGE_CONTROL', 'MANAGE_CONTROL', 'X'])).toEqual(['MANAGE_CONTROL']);
    expect(toPermissions(undefined)).toEqual([]);
  });
});

describe('sign-in throttling', () => {
  it('lets three failures through, then waits 1 s doubling up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(failureDelayMs)).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('says when to try again, in whole minutes, in Italian and English', () => {
    expect(tooManyAttemptsText('it', 30)).toBe('Troppi tentativi di accesso. Riprova tra un minuto.');
    expect(tooManyAttemptsText('it', 900)).toBe('Troppi tentativi di accesso. Riprova tra 15 minuti.');
    expect(tooManyAttemptsText('en', 60)).toBe('Too many sign-in attempts. Try again in a minute.');
    expect(tooManyAttemptsText('en', 61)).toBe('Too many sign-in attempts. Try again in 2 minutes.');
  });
});

describe('issue time of access tokens (any issuer)', () => {
  it(`takes an iat up to ${CLOCK_SKEW_SECONDS} s ahead of this clock, and refuses one beyond`, () => {
    const now = 1_800_000_000;
    expect(() => refuseFutureIssue({ iat: now }, now)).not.toThrow();
    expect(() => refuseFutureIssue({ iat: now + CLOCK_SKEW_SECONDS }, now)).not.toThrow();
    expect(() => refuseFutureIssue({ iat: now + CLOCK_SKEW_SECONDS + 1 }, now)).toThrow(/future/);
    expect(() => refuseFutureIssue({}, now)).not.toThrow();
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, a hop count, or a list of addresses, networks and named ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' ')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8 ,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(parseTrustProxy('10.0.0.0/255.0.0.0')).toEqual(['10.0.0.0/255.0.0.0']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('refuses to start with anything else (trusting everyone included)', () => {
    for (const bad of ['true', '*', 'proxy.example', '10.0.0.1/33', '10.0.0.0/8/1', '::1/129']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: "everyone"/);
  });
});

describe('sign-in page', () => {
  it('picks Italian or English from ui_locales or Accept-Language', () => {
    expect(pickLang('en')).toBe('en');
    expect(pickLang('de en-GB')).toBe('en');
    expect(pickLang(undefined, 'it-IT,it;q=0.9,en;q=0.8')).toBe('it');
    expect(pickLang('fr')).toBeUndefined();
  });

  it('escapes what users typed', () => {
    expect(escapeHtml(`"><script>'`)).toBe('&quot;&gt;&lt;script&gt;&#39;');
    const html = signInPage({
      lang: 'it',
      nonce: 'n',
      action: '/oidc/interaction/x',
      switchUrls: { it: '?lang=it', en: '?lang=en' },
      login: '"><img src=x onerror=alert(1)>',
      error: 'Nome utente o password non corretti',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<label for="login">Nome utente<\/label>/);
  });
});
