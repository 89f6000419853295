// Small pieces of identity without a server: claim mapping, throttling delays, languages, page escaping.
import { describe, expect, it } from 'vitest';
import { escapeHtml, pickLang, signInPage } from './pages.ts';
import { failureDelayMs } from './throttle.ts';
import { toPermissions } from './users.ts';
import { claimAt, roleFromClaim } from './verify.ts';

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
