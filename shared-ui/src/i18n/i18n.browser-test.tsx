/// <reference types="mocha" />
// The catalogues load on demand (issue 21), in real Chromium from the built shared-ui: only the active language's
// chunk is fetched, a switch waits for the other's, and the last language asked for wins over a slower load.
import { expect } from '@esm-bundle/chai';
import { i18n, initI18n, loadLocale, setLocale } from '@patrimonio/shared-ui';

/** The catalogue chunks this page has requested (shared-ui/dist/chunks/messages-<locale>.<hash>.js). */
const requested = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => /\/chunks\/messages-([a-z]+)\./.exec(e.name)?.[1])
    .filter((l): l is string => Boolean(l))
    .sort();

// The tests build on each other, in order, in this file's page (a fresh shared-ui module).
describe('language catalogues on demand', () => {
  before(() => localStorage.clear());

  it('the stored language (Italian by default) is active once initI18n returns, and only its catalogue came', async () => {
    expect(requested()).to.deep.equal([]);
    await initI18n();
    expect(i18n.locale).to.equal('it');
    expect(document.documentElement.lang).to.equal('it');
    expect(Object.keys(i18n.messages).length).to.be.greaterThan(100);
    expect(requested()).to.deep.equal(['it']);
  });

  it('the last language asked for wins, whichever catalogue arrives last', async () => {
    const english = setLocale('en');
    const italian = setLocale('it');
    await Promise.all([english, italian]);
    expect(i18n.locale).to.equal('it');
    expect(localStorage.getItem('patrimonio.locale')).to.equal('it');
    expect(requested()).to.deep.equal(['en', 'it']);
  });

  it('switching to a loaded language happens before setLocale returns; loading again fetches nothing', async () => {
    await loadLocale('en');
    const done = setLocale('en');
    expect(i18n.locale).to.equal('en');
    expect(document.documentElement.lang).to.equal('en');
    await done;
    expect(localStorage.getItem('patrimonio.locale')).to.equal('en');
    await setLocale('it');
    expect(requested()).to.deep.equal(['en', 'it']);
  });

  after(() => localStorage.clear());
});
