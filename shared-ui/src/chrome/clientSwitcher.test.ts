// The quick client switcher's logic (issue 22) and the tab title with the client's name.
import { describe, expect, it } from 'vitest';
import { RECENT_MAX, recentClientsKey, switchTarget, toSwitcherClient, withRecent } from './clientSwitcher.ts';
import { pageTitle } from './usePageTitle.ts';

const client = (id: number, name = `Cliente ${id}`) => ({ id, name, taxCode: null, vat: null });

describe('recent clients', () => {
  it('puts the chosen client first, once, keeping at most five', () => {
    const list = [1, 2, 3, 4, 5].map((id) => client(id));
    expect(withRecent(list, client(3)).map((c) => c.id)).toEqual([3, 1, 2, 4, 5]);
    expect(withRecent(list, client(9)).map((c) => c.id)).toEqual([9, 1, 2, 3, 4]);
    expect(withRecent(list, client(9))).toHaveLength(RECENT_MAX);
  });

  it('are kept per user', () => {
    expect(recentClientsKey(7)).not.toBe(recentClientsKey(8));
  });

  it('name a client as the portal does: name, company, person, VAT, tax code', () => {
    expect(
      toSwitcherClient({ id: 1, name: null, firstName: 'Mario', lastName: 'Rossi', taxCode: 'RSSMRA80A01H501U' }),
    ).toEqual({ id: 1, name: 'Mario Rossi', taxCode: 'RSSMRA80A01H501U', vat: null });
    expect(toSwitcherClient({ id: 2, companyName: 'Rossi Srl', vat: '01234567890' }).name).toBe('Rossi Srl');
  });
});

describe('switchTarget', () => {
  it('opens the chosen client on the section of the current client page', () => {
    expect(switchTarget(9, '/client/7/position')).toBe('/client/9/position');
    expect(switchTarget(9, '/client/7/financials')).toBe('/client/9/financials');
    expect(switchTarget(9, '/family/3/performance')).toBe('/client/9/performance');
  });
  it('opens the overview from any other page', () => {
    expect(switchTarget(9, '/clients')).toBe('/client/9/overview');
    expect(switchTarget(9, '/client/7/subscription')).toBe('/client/9/overview');
    expect(switchTarget(9, '/stocks')).toBe('/client/9/overview');
  });
});

describe('pageTitle', () => {
  it('names the product, the page and, on a client page, the client', () => {
    expect(pageTitle('Posizione')).toBe('Patrimonio - Posizione');
    expect(pageTitle('Position', 'Mario Rossi')).toBe('Patrimonio - Position - Mario Rossi');
    expect(pageTitle('')).toBe('Patrimonio');
  });
});
