// The guided tour's rules (spec data-and-admin sections 2, 3, 4, 7): sections and steps, order per role, the
// server state ('-1' or a comma list), the next section, where sections start, and the 1024 x 650 rule.
import { describe, expect, it } from 'vitest';
import {
  isFilled,
  moveAfter,
  nextSection,
  parseTourState,
  sectionBlock,
  sectionStartPath,
  sectionsFor,
  TOUR_ADVANCE_DELAY_MS,
  TOUR_POPOVER_MAX_WIDTH,
  tourBasePath,
  tourFitsViewport,
  withCompleted,
} from './logic.ts';
import { TOUR_SECTION_STEPS, TOUR_SECTIONS, TOUR_TARGETS } from './steps.ts';

describe('sections and steps', () => {
  it('has add client 3, overview 4, add goal 6 and add account 5 steps', () => {
    expect(TOUR_SECTIONS).toEqual(['addClient', 'overview', 'addGoal', 'addAccount']);
    expect(TOUR_SECTION_STEPS.addClient).toHaveLength(3);
    expect(TOUR_SECTION_STEPS.overview).toHaveLength(4);
    expect(TOUR_SECTION_STEPS.addGoal).toHaveLength(6);
    expect(TOUR_SECTION_STEPS.addAccount).toHaveLength(5);
  });

  it('points every step at a distinct published target', () => {
    const targets = Object.values(TOUR_SECTION_STEPS).flatMap((steps) => steps.map((s) => s.target));
    expect(new Set(targets).size).toBe(targets.length);
    expect([...targets].sort()).toEqual([...TOUR_TARGETS].sort());
  });

  it('waits for the four required fields: goal description and amount, account iban, client tax code', () => {
    const required = Object.values(TOUR_SECTION_STEPS)
      .flat()
      .filter((s) => s.requires)
      .map((s) => [s.target, s.requires]);
    expect(required).toEqual([
      ['client-tax-code', 'clientTaxCode'],
      ['goal-description', 'goalDescription'],
      ['goal-amount', 'goalAmount'],
      ['account-iban', 'accountIban'],
    ]);
  });

  it('goes to the position page only after the goal submit step', () => {
    const then = Object.values(TOUR_SECTION_STEPS)
      .flat()
      .filter((s) => s.thenPosition)
      .map((s) => s.target);
    expect(then).toEqual(['goal-submit']);
    expect(TOUR_SECTION_STEPS.addGoal[5]?.target).toBe('position-goals');
  });
});

describe('order per role', () => {
  it('BASIC goes overview, goal, account; the others start by adding a client', () => {
    expect(sectionsFor('BASIC')).toEqual(['overview', 'addGoal', 'addAccount']);
    for (const role of ['PRO', 'DELEGATE', 'ADMIN', 'BACK_OFFICE'] as const)
      expect(sectionsFor(role)).toEqual(['addClient', 'overview', 'addGoal', 'addAccount']);
  });

  it('the next section is the first of the order not completed', () => {
    expect(nextSection('PRO', [])).toBe('addClient');
    expect(nextSection('PRO', ['addClient'])).toBe('overview');
    expect(nextSection('PRO', ['overview', 'addClient'])).toBe('addGoal');
    expect(nextSection('BASIC', [])).toBe('overview');
    // A BASIC user never gets addClient, even if the server lists other sections.
    expect(nextSection('BASIC', ['overview', 'addGoal'])).toBe('addAccount');
    expect(nextSection('BASIC', ['overview', 'addGoal', 'addAccount'])).toBeNull();
    expect(nextSection('PRO', ['addAccount', 'addGoal', 'overview', 'addClient'])).toBeNull();
  });
});

describe('server state', () => {
  it('reads -1 as none and a comma list as the completed sections', () => {
    expect(parseTourState('-1')).toEqual([]);
    expect(parseTourState(' -1 ')).toEqual([]);
    expect(parseTourState('')).toEqual([]);
    expect(parseTourState(undefined)).toEqual([]);
    expect(parseTourState(null)).toEqual([]);
    expect(parseTourState('addClient')).toEqual(['addClient']);
    expect(parseTourState('addClient,overview')).toEqual(['addClient', 'overview']);
    expect(parseTourState(' overview , addGoal,,addGoal,unknown ')).toEqual(['overview', 'addGoal']);
  });

  it('adds a completed section the way the server records it', () => {
    expect(withCompleted('-1', 'addClient')).toBe('addClient');
    expect(withCompleted('addClient', 'overview')).toBe('addClient,overview');
    expect(withCompleted('addClient,overview', 'addClient')).toBe('addClient,overview');
  });
});

describe('where sections start', () => {
  const client = { kind: 'client', id: 42, status: 'succeded' } as const;
  const family = { kind: 'family', id: 7, status: 'succeded' } as const;

  it('uses the owner scope of the route, then the selection; BASIC has its own pages', () => {
    expect(tourBasePath('BASIC', '/overview', null)).toBe('');
    expect(tourBasePath('PRO', '/client/42/overview', null)).toBe('/client/42');
    expect(tourBasePath('PRO', '/family/7/position', client)).toBe('/family/7');
    expect(tourBasePath('PRO', '/clients', client)).toBe('/client/42');
    expect(tourBasePath('DELEGATE', '/clients', family)).toBe('/family/7');
    expect(tourBasePath('PRO', '/clients', null)).toBeNull();
  });

  it('starts add client on /clients and the others under the base path', () => {
    expect(sectionStartPath('addClient', null)).toBe('/clients');
    expect(sectionStartPath('overview', '')).toBe('/overview');
    expect(sectionStartPath('addGoal', '/client/42')).toBe('/client/42/goals');
    expect(sectionStartPath('addAccount', '/family/7')).toBe('/family/7/financials');
    expect(sectionStartPath('overview', null)).toBeNull();
  });

  it('blocks a section without a client, without a page for the role, or outside the role', () => {
    expect(sectionBlock('addClient', 'PRO', null)).toBeNull();
    expect(sectionBlock('overview', 'PRO', null)).toBe('needs-owner');
    expect(sectionBlock('overview', 'PRO', '/client/42')).toBeNull();
    expect(sectionBlock('addGoal', 'PRO', '/client/42')).toBeNull();
    // Goals have no family page.
    expect(sectionBlock('addGoal', 'PRO', '/family/7')).toBe('no-page');
    expect(sectionBlock('addAccount', 'PRO', '/family/7')).toBeNull();
    expect(sectionBlock('addClient', 'BASIC', '')).toBe('role');
    expect(sectionBlock('overview', 'BASIC', '')).toBeNull();
    expect(sectionBlock('addGoal', 'BASIC', '')).toBeNull();
    // /clients is for advisers only.
    expect(sectionBlock('addClient', 'ADMIN', null)).toBe('no-page');
  });
});

describe('moving on', () => {
  it('advances one step at a time and finishes after the last', () => {
    expect(moveAfter(0, 4, {}, '')).toEqual({ kind: 'step', index: 1, delayMs: 0, navigateTo: null });
    expect(moveAfter(3, 4, {}, '')).toEqual({ kind: 'finish' });
  });

  it('after the goal submit step goes to the position page and advances after 300 ms', () => {
    expect(TOUR_ADVANCE_DELAY_MS).toBe(300);
    expect(moveAfter(4, 6, { thenPosition: true }, '/client/42')).toEqual({
      kind: 'step',
      index: 5,
      delayMs: 300,
      navigateTo: '/client/42/position',
    });
    expect(moveAfter(4, 6, { thenPosition: true }, '')).toMatchObject({ navigateTo: '/position' });
  });

  it('counts a field as filled when it has non-blank text', () => {
    expect(isFilled('RSSMRC70A01H501Z')).toBe(true);
    expect(isFilled('   ')).toBe(false);
    expect(isFilled('')).toBe(false);
    expect(isFilled(null)).toBe(false);
  });
});

describe('viewport', () => {
  it('needs at least 1024 x 650; the popover is at most 630 px wide', () => {
    expect(tourFitsViewport(1024, 650)).toBe(true);
    expect(tourFitsViewport(1366, 768)).toBe(true);
    expect(tourFitsViewport(1023, 800)).toBe(false);
    expect(tourFitsViewport(1280, 649)).toBe(false);
    expect(TOUR_POPOVER_MAX_WIDTH).toBe(630);
  });
});
