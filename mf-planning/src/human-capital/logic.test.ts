import { setupI18n } from '@lingui/core';
import type { Flow, HumanCapitalSummary } from '@patrimonio/shared-api';
import {
  FLOW_CATEGORIES,
  FLOW_FREQUENCIES,
  FLOW_GROUPS,
  POLICY_TYPES,
  PREMIUM_FREQUENCIES,
  RETIREMENT_SOURCES,
} from '@patrimonio/shared-api/constants';
import { describe, expect, test } from 'vitest';
import { messages as en } from '../../../shared-ui/src/locales/en/messages.ts';
import {
  CATEGORY_LABELS,
  DIRECTION_LABELS,
  FREQUENCY_LABELS,
  GROUP_LABELS,
  POLICY_TYPE_LABELS,
  PREMIUM_FREQUENCY_LABELS,
  RETIREMENT_SOURCE_LABELS,
} from './labels.ts';
import {
  datesInOrder,
  defaultRange,
  emptyFlow,
  emptyPolicy,
  flowCreateBody,
  flowDraftOf,
  flowsRequest,
  flowUpdateBody,
  ownSettings,
  pageToShow,
  policiesRequest,
  policyCreateBody,
  rangeReady,
  recordCreateBody,
  recordsRequest,
  settingsBody,
  settingsDraftOf,
  signed,
  withCategory,
  withFlow,
  yearlyBars,
} from './logic.ts';

describe('the recorded flows’ default range (spec section 9)', () => {
  test('from the first day of the month one year ago to today', () => {
    expect(defaultRange('2026-11-21')).toEqual({ dateFrom: '2025-11-01', dateTo: '2026-11-21' });
    expect(defaultRange('2026-01-01')).toEqual({ dateFrom: '2025-01-01', dateTo: '2026-01-01' });
    // A leap day: the month's first day of the year before exists whatever the day.
    expect(defaultRange('2024-02-29')).toEqual({ dateFrom: '2023-02-01', dateTo: '2024-02-29' });
    expect(defaultRange('2026-12-31')).toEqual({ dateFrom: '2025-12-01', dateTo: '2026-12-31' });
  });

  test('a range is asked only with both dates, in order', () => {
    expect(rangeReady({ dateFrom: '2025-11-01', dateTo: '2026-11-21' })).toBe(true);
    expect(rangeReady({ dateFrom: '2026-11-21', dateTo: '2026-11-21' })).toBe(true);
    expect(rangeReady({ dateFrom: '2026-11-22', dateTo: '2026-11-21' })).toBe(false);
    expect(rangeReady({ dateFrom: null, dateTo: '2026-11-21' })).toBe(false);
  });
});

describe('the requests', () => {
  test('planned flows: 5 a page, the group named, none for every group', () => {
    expect(flowsRequest({ clientId: 7 }, 'PERSONAL_FLOWS', 2)).toEqual({
      query: { clientId: 7, flowGroup: 'PERSONAL_FLOWS', page: 2, size: 5 },
    });
    expect(flowsRequest({ familyId: 3 }, 'ALL', 1)).toEqual({ query: { familyId: 3, page: 1, size: 5 } });
    expect(flowsRequest({}, 'WORK_FLOWS', 1)).toEqual({ query: { flowGroup: 'WORK_FLOWS', page: 1, size: 5 } });
  });

  test('recorded flows: the group and the range always sent, 5 a page', () => {
    expect(
      recordsRequest({ clientId: 7 }, 'PERSONAL_FLOWS', { dateFrom: '2025-11-01', dateTo: '2026-11-21' }, 1),
    ).toEqual({
      query: {
        clientId: 7,
        flowGroup: 'PERSONAL_FLOWS',
        dateFrom: '2025-11-01',
        dateTo: '2026-11-21',
        page: 1,
        size: 5,
      },
    });
  });

  test('policies: 5 a page', () => {
    expect(policiesRequest({ familyId: 3 }, 4)).toEqual({ query: { familyId: 3, page: 4, size: 5 } });
  });

  test('a page emptied by a delete falls back to the last one there is', () => {
    expect(pageToShow(3, 10)).toBe(2);
    expect(pageToShow(3, 11)).toBe(3);
    expect(pageToShow(2, 0)).toBe(1);
    expect(pageToShow(1, 0)).toBe(1);
  });
});

describe('signs and the figure', () => {
  test('income is positive, expense negative', () => {
    expect(signed('IN', 2500)).toBe(2500);
    expect(signed('OUT', 2500)).toBe(-2500);
  });

  const member = {
    clientId: 7,
    name: 'Mario Rossi',
    weight: 1,
    retirementDate: '2047-03-01',
    retirementSource: 'TAX_CODE' as const,
    discountRate: 0.03,
    discountRateSet: false,
    humanCapital: 100,
  };
  test('a single client’s settings: only what the user set fills the form', () => {
    expect(settingsDraftOf(member)).toEqual({ retirementDate: null, discountRate: null });
    expect(settingsDraftOf({ ...member, retirementSource: 'SET', discountRate: 0.025, discountRateSet: true })).toEqual(
      {
        retirementDate: '2047-03-01',
        discountRate: 0.025,
      },
    );
    const summary = { members: [member] } as unknown as HumanCapitalSummary;
    expect(ownSettings(summary)).toBe(member);
    expect(ownSettings({ members: [member, member] } as unknown as HumanCapitalSummary)).toBeNull();
  });

  test('the settings body: null clears back to the default; the client named only on a client route', () => {
    expect(settingsBody({ retirementDate: null, discountRate: 0.02 }, 'client', 7)).toEqual({
      clientId: 7,
      retirementDate: null,
      discountRate: 0.02,
    });
    expect(settingsBody({ retirementDate: '2050-01-01', discountRate: null }, 'own', null)).toEqual({
      retirementDate: '2050-01-01',
      discountRate: null,
    });
  });

  test('the yearly bars: one per year, labelled, year 1 first', () => {
    expect(yearlyBars([1000, -200], (n) => `Anno ${n}`)).toEqual({
      categories: ['Anno 1', 'Anno 2'],
      series: [{ name: '', data: [1000, -200] }],
    });
  });
});

describe('the planned flow’s form', () => {
  test('a category proposes its direction and group', () => {
    const draft = emptyFlow(7, 'PERSONAL_FLOWS', '2026-11-21');
    expect(withCategory(draft, 'SALARY')).toMatchObject({
      category: 'SALARY',
      direction: 'IN',
      flowGroup: 'WORK_FLOWS',
    });
    expect(withCategory(draft, 'SCHOOL_FEES')).toMatchObject({ direction: 'OUT', flowGroup: 'PERSONAL_FLOWS' });
    expect(withCategory({ ...draft, direction: 'IN' }, '')).toMatchObject({ category: '', direction: 'IN' });
  });

  test('a new flow starts in the tab’s group (personal for every group), monthly, from today, no growth', () => {
    expect(emptyFlow(null, 'ALL', '2026-11-21')).toMatchObject({
      clientId: null,
      flowGroup: 'PERSONAL_FLOWS',
      frequency: 'MONTHLY',
      startDate: '2026-11-21',
      endDate: null,
      growthRate: 0,
    });
    expect(emptyFlow(7, 'PROPERTY_FLOWS', '2026-11-21').flowGroup).toBe('PROPERTY_FLOWS');
  });

  const draft = {
    ...withCategory(emptyFlow(7, 'PERSONAL_FLOWS', '2026-11-21'), 'SALARY'),
    description: '  Stipendio Acme ',
    amount: 2500,
    growthRate: null,
    note: '  ',
  };
  test('the body: trimmed, growth 0 when empty, an empty note null; the client named except for a BASIC user', () => {
    expect(flowCreateBody(draft, 'client')).toEqual({
      clientId: 7,
      description: 'Stipendio Acme',
      category: 'SALARY',
      direction: 'IN',
      flowGroup: 'WORK_FLOWS',
      amount: 2500,
      frequency: 'MONTHLY',
      startDate: '2026-11-21',
      endDate: null,
      growthRate: 0,
      note: null,
    });
    expect(flowCreateBody(draft, 'own')).not.toHaveProperty('clientId');
    expect(flowUpdateBody(draft)).not.toHaveProperty('clientId');
  });

  test('an edit starts from the stored flow', () => {
    const flow = {
      id: 4,
      clientId: 7,
      owner: 'Mario Rossi',
      weight: 1,
      ...flowCreateBody(draft, 'client'),
      endDate: null,
      note: 'x',
      yearlyAmount: 30000,
      updatedAt: '2026-11-21T10:00:00Z',
    } satisfies Flow;
    expect(flowDraftOf(flow)).toMatchObject({ description: 'Stipendio Acme', note: 'x', growthRate: 0 });
  });

  test('the end is not before the start', () => {
    expect(datesInOrder({ startDate: '2026-11-21', endDate: '2026-11-20' })).toEqual({ endDate: 'beforeStart' });
    expect(datesInOrder({ startDate: '2026-11-21', endDate: '2026-11-21' })).toEqual({});
    expect(datesInOrder({ startDate: '2026-11-21', endDate: null })).toEqual({});
  });
});

describe('the recorded flow’s and the policy’s forms', () => {
  test('picking a planned flow proposes its amount, never over a typed one', () => {
    const empty = { flowId: null, date: '2026-11-21', amount: null, note: '' };
    expect(withFlow(empty, { id: 4, amount: 2500 })).toEqual({ ...empty, flowId: 4, amount: 2500 });
    expect(withFlow({ ...empty, amount: 2400 }, { id: 4, amount: 2500 }).amount).toBe(2400);
    expect(recordCreateBody({ flowId: 4, date: '2026-10-27', amount: 2480.5, note: ' tredicesima ' })).toEqual({
      flowId: 4,
      date: '2026-10-27',
      amount: 2480.5,
      note: 'tredicesima',
    });
  });

  test('a policy: optional texts null when empty, the client named for a family member', () => {
    const body = policyCreateBody(
      {
        ...emptyPolicy(8, '2026-01-01'),
        insurer: ' Generali ',
        policyType: 'TERM_LIFE',
        insured: 'Mario Rossi',
        beneficiary: 'Anna Bianchi',
        capital: 200000,
        premium: 450,
      },
      'family',
    );
    expect(body).toEqual({
      clientId: 8,
      insurer: 'Generali',
      policyType: 'TERM_LIFE',
      policyNumber: null,
      insured: 'Mario Rossi',
      beneficiary: 'Anna Bianchi',
      capital: 200000,
      premium: 450,
      premiumFrequency: 'YEARLY',
      startDate: '2026-01-01',
      endDate: null,
      surrenderValue: null,
      note: null,
    });
  });
});

describe('the codes in words', () => {
  const english = setupI18n({ locale: 'en', messages: { en } });
  const cases = [
    [DIRECTION_LABELS, ['IN', 'OUT']],
    [CATEGORY_LABELS, FLOW_CATEGORIES],
    [GROUP_LABELS, FLOW_GROUPS],
    [FREQUENCY_LABELS, FLOW_FREQUENCIES],
    [POLICY_TYPE_LABELS, POLICY_TYPES],
    [PREMIUM_FREQUENCY_LABELS, PREMIUM_FREQUENCIES],
    [RETIREMENT_SOURCE_LABELS, RETIREMENT_SOURCES],
  ] as const;
  test('every code of the contract has its words, in Italian and in English, none the same twice', () => {
    for (const [labels, codes] of cases) {
      expect(Object.keys(labels).sort()).toEqual([...codes].sort());
      const italian = Object.values(labels).map((d) => d.message);
      const inEnglish = Object.values(labels).map((d) => english._(d));
      expect(new Set(italian).size).toBe(italian.length);
      expect(new Set(inEnglish).size).toBe(inEnglish.length);
      // Translated: an English catalog entry for each.
      for (const d of Object.values(labels)) expect(en[d.id], d.message).toBeDefined();
    }
    expect(english._(POLICY_TYPE_LABELS.TERM_LIFE)).toBe('Term life');
    expect(english._(CATEGORY_LABELS.SALARY)).toBe('Salary');
  });
});
