// The snippet an adviser pastes (issue 20) and the origins of the token form: pure functions of widgets/snippet.ts.
import { describe, expect, it } from 'vitest';
import { expiryBounds } from './IssueTokenDialog.tsx';
import { originsProblem, readOrigins, scriptFile, snippetText } from './snippet.ts';

const manifest = {
  files: {
    'portfolio-donut': 'pt-portfolio-donut.1a2b3c.js',
    'wealth-total': 'pt-wealth-total.4d5e6f.js',
    all: 'pt-widgets.9f8e7d.js',
  },
};
const TOKEN = `ptw_${'A'.repeat(43)}`;

describe('snippetText', () => {
  it('loads the file with all the widgets and writes one element per widget, in the catalogue order', () => {
    expect(
      snippetText({
        origin: 'https://portale.example',
        manifest,
        widgets: ['wealth-total', 'portfolio-donut'],
        token: TOKEN,
        lang: 'en',
      }),
    ).toBe(
      [
        '<script type="module" src="https://portale.example/widgets/pt-widgets.9f8e7d.js"></script>',
        `<pt-portfolio-donut src="https://portale.example/api/v1/widget-data/portfolio-donut" token="${TOKEN}" lang="en"></pt-portfolio-donut>`,
        `<pt-wealth-total src="https://portale.example/api/v1/widget-data/wealth-total" token="${TOKEN}" lang="en"></pt-wealth-total>`,
      ].join('\n'),
    );
  });

  it("loads one widget's own file when it is the only one", () => {
    const text = snippetText({
      origin: 'http://localhost:3000',
      manifest,
      widgets: ['wealth-total'],
      token: 'X',
      lang: 'it',
    });
    expect(text.split('\n')[0]).toBe(
      '<script type="module" src="http://localhost:3000/widgets/pt-wealth-total.4d5e6f.js"></script>',
    );
    expect(text).toContain('lang="it"');
    expect(scriptFile(manifest, ['fee-table'])).toBe('pt-widgets.9f8e7d.js');
    expect(scriptFile(null, ['fee-table'])).toBeNull();
  });

  it('escapes what it puts in an attribute (a placeholder in any language)', () => {
    expect(
      snippetText({ origin: 'https://a.example', manifest, widgets: ['fee-table'], token: '"<x>&', lang: 'it' }),
    ).toContain('token="&quot;&lt;x&gt;&amp;"');
  });
});

describe('origins', () => {
  it('reads one per line: trimmed, lower case, without a trailing slash, blank lines and repeats left out', () => {
    expect(readOrigins(' https://WWW.Studio.it/ \n\nhttps://www.studio.it\r\nhttp://localhost:8080\n')).toEqual([
      'https://www.studio.it',
      'http://localhost:8080',
    ]);
  });

  it("names the first origin the contract's WidgetOrigin refuses", () => {
    expect(originsProblem(['https://www.studio.it', 'http://localhost:8080', 'https://a.b:8443'])).toBeNull();
    expect(originsProblem([])).toEqual({ code: 'originsRequired' });
    expect(originsProblem(['https://ok.it', 'http://www.studio.it'])).toEqual({
      code: 'origin',
      origin: 'http://www.studio.it',
    });
    expect(originsProblem(['https://www.studio.it/widgets'])).toEqual({
      code: 'origin',
      origin: 'https://www.studio.it/widgets',
    });
    expect(originsProblem(['www.studio.it'])).toEqual({ code: 'origin', origin: 'www.studio.it' });
    expect(originsProblem(Array.from({ length: 11 }, (_, i) => `https://s${i}.it`))).toEqual({
      code: 'tooManyOrigins',
    });
  });
});

describe('expiryBounds', () => {
  it('defaults to a year from today, within the 366 days the contract allows', () => {
    expect(expiryBounds('2026-11-27')).toEqual({ min: '2026-11-27', max: '2027-11-28', default: '2027-11-27' });
    // Across 29 February a year is 366 days: still within the limit.
    expect(expiryBounds('2027-03-01')).toEqual({ min: '2027-03-01', max: '2028-03-01', default: '2028-03-01' });
  });
});
