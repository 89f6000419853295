import { describe, expect, it } from 'vitest';
import { eligible, menuItem } from './fixtures.testing.ts';
import {
  canChooseFees,
  initialOptionsState,
  isDirty,
  normalizeSelection,
  type OptionsAction,
  type OptionsState,
  optionsReducer,
  optionsStorage,
  portfolioCheckboxesEnabled,
} from './options.ts';

const offeredPortfolios = [eligible(3, '2020-01-01', '2024-11-22'), eligible(1, '2021-01-01', '2024-11-22')];
const menu = [...offeredPortfolios, menuItem({ id: 8, testing: true })];
const run = (state: OptionsState, ...actions: OptionsAction[]) => actions.reduce(optionsReducer, state);
const start = (sections: OptionsState['current']['sections'], portfolios: number[]) =>
  initialOptionsState({ sections, portfolios }, menu, offeredPortfolios);

describe('initial options (portal-and-report 5)', () => {
  it('filters saved portfolios to the menu and the offered ones, menu order, sections in the fixed order', () => {
    const state = initialOptionsState(
      { sections: ['artLux', 'fees', 'overview', 'financial'], portfolios: [1, 8, 42, 3] },
      menu,
      offeredPortfolios,
    );
    expect(state.current).toEqual({ sections: ['overview', 'financial', 'fees', 'artLux'], portfolios: [3, 1] });
    expect(state.offered).toEqual([3, 1]);
    expect(isDirty(state)).toBe(false);
  });

  it('defaults to every section and every offered portfolio when nothing is saved', () => {
    expect(initialOptionsState(null, menu, offeredPortfolios).current).toEqual({
      sections: ['overview', 'financial', 'fees', 'realEstate', 'shares', 'artLux'],
      portfolios: [3, 1],
    });
  });

  it('drops saved fees when no saved portfolio is left or financial is off', () => {
    expect(start(['financial', 'fees'], [42]).current.sections).toEqual(['financial']);
    expect(normalizeSelection({ sections: ['fees', 'overview'], portfolios: [3] }, [3]).sections).toEqual(['overview']);
  });
});

describe('options reducer: the fees rules (portal-and-report 5)', () => {
  it('lets fees on only with financial and a portfolio', () => {
    const noPortfolio = start(['financial'], []);
    expect(canChooseFees(noPortfolio.current)).toBe(false);
    expect(run(noPortfolio, { type: 'toggleSection', section: 'fees' }).current.sections).toEqual(['financial']);
    const ready = start(['financial'], [1]);
    expect(run(ready, { type: 'toggleSection', section: 'fees' }).current.sections).toEqual(['financial', 'fees']);
  });

  it('removes fees when the last portfolio is unchecked, not before', () => {
    const state = start(['financial', 'fees'], [3, 1]);
    const one = run(state, { type: 'togglePortfolio', id: 3 });
    expect(one.current).toEqual({ sections: ['financial', 'fees'], portfolios: [1] });
    expect(run(one, { type: 'togglePortfolio', id: 1 }).current).toEqual({ sections: ['financial'], portfolios: [] });
  });

  it('removes fees with financial, and ignores portfolio toggles while financial is off', () => {
    const off = run(start(['overview', 'financial', 'fees'], [3]), { type: 'toggleSection', section: 'financial' });
    expect(off.current).toEqual({ sections: ['overview'], portfolios: [3] });
    expect(portfolioCheckboxesEnabled(off.current)).toBe(false);
    expect(run(off, { type: 'togglePortfolio', id: 1 }).current.portfolios).toEqual([3]);
  });

  it('ignores a portfolio that is not offered', () => {
    expect(run(start(['financial'], [3]), { type: 'togglePortfolio', id: 8 }).current.portfolios).toEqual([3]);
  });

  it('keeps the fixed section order and the menu order whatever the clicks', () => {
    const state = run(
      start([], []),
      { type: 'toggleSection', section: 'artLux' },
      { type: 'toggleSection', section: 'financial' },
      { type: 'toggleSection', section: 'overview' },
      { type: 'togglePortfolio', id: 1 },
      { type: 'togglePortfolio', id: 3 },
    );
    expect(state.current).toEqual({ sections: ['overview', 'financial', 'artLux'], portfolios: [3, 1] });
  });
});

describe('options reducer: dirty, undo, close, saved (portal-and-report 4)', () => {
  it('is dirty only while the selection differs from the original, order aside', () => {
    const state = start(['overview'], [3]);
    const changed = run(state, { type: 'toggleSection', section: 'shares' });
    expect(isDirty(changed)).toBe(true);
    expect(isDirty(run(changed, { type: 'toggleSection', section: 'shares' }))).toBe(false);
    expect(
      isDirty({
        ...state,
        original: { sections: ['overview'], portfolios: [3, 1] },
        current: { sections: ['overview'], portfolios: [1, 3] },
      }),
    ).toBe(false);
  });

  it('undo and close go back to the original', () => {
    const state = start(['overview', 'financial'], [3]);
    const edited = run(state, { type: 'togglePortfolio', id: 1 }, { type: 'toggleSection', section: 'overview' });
    expect(run(edited, { type: 'undo' }).current).toEqual(state.original);
    expect(run(edited, { type: 'close' }).current).toEqual(state.original);
  });

  it('saved makes the selection the original', () => {
    const edited = run(start(['overview'], []), { type: 'toggleSection', section: 'realEstate' });
    const saved = run(edited, { type: 'saved', settings: edited.current });
    expect(saved.original).toEqual({ sections: ['overview', 'realEstate'], portfolios: [] });
    expect(isDirty(saved)).toBe(false);
  });
});

describe('where options are kept (portal-and-report 4 and 6)', () => {
  it('BASIC locally, the other roles on the server', () => {
    expect(optionsStorage('BASIC')).toBe('local');
    expect(optionsStorage('PRO')).toBe('server');
    expect(optionsStorage('DELEGATE')).toBe('server');
  });
});
