import { describe, expect, it } from 'vitest';
import {
  canDownload,
  type DialogAction,
  type DialogState,
  dialogReducer,
  initialDialogState,
  mayDownloadReport,
  mayUploadLogo,
  offeredReportTypes,
} from './dialog.ts';

const bounds = { min: '2023-12-31', max: '2024-11-22' };
const initial = initialDialogState(false, { start: '2023-12-31', end: '2024-11-22' });
const run = (state: DialogState, ...actions: DialogAction[]) => actions.reduce(dialogReducer, state);
const create: DialogAction = { type: 'create', role: 'PRO', bounds };

describe('report type (portal-and-report 2 and 4)', () => {
  it('is a toggle: tapping the chosen type again deselects it', () => {
    const synthetic = run(initial, { type: 'toggleType', reportType: 'synthetic' });
    expect(synthetic.type).toBe('synthetic');
    expect(run(synthetic, { type: 'toggleType', reportType: 'analytic' }).type).toBe('analytic');
    expect(run(synthetic, { type: 'toggleType', reportType: 'synthetic' }).type).toBeNull();
  });

  it('offers no analytic type for a family', () => {
    const family = initialDialogState(true, initial.defaultRange);
    expect(offeredReportTypes(true)).toEqual(['synthetic', 'custom']);
    expect(offeredReportTypes(false)).toEqual(['synthetic', 'analytic', 'custom']);
    expect(run(family, { type: 'toggleType', reportType: 'analytic' }).type).toBeNull();
  });

  it('Customize selects custom, and does not deselect it', () => {
    expect(run(initial, { type: 'customize' }).type).toBe('custom');
    expect(run(initial, { type: 'customize' }, { type: 'customize' }).type).toBe('custom');
  });
});

describe('can download (portal-and-report 4 and 5)', () => {
  const chosen = run(initial, { type: 'toggleType', reportType: 'synthetic' });

  it('needs a type', () => {
    expect(canDownload(initial, 'PRO', bounds)).toBe(false);
    expect(canDownload(chosen, 'PRO', bounds)).toBe(true);
  });

  it('needs a valid range', () => {
    expect(canDownload(run(chosen, { type: 'setEnd', date: null }), 'PRO', bounds)).toBe(false);
    expect(canDownload(run(chosen, { type: 'setEnd', date: '2024-11-23' }), 'PRO', bounds)).toBe(false);
    expect(canDownload(run(chosen, { type: 'setStart', date: '2023-12-30' }), 'PRO', bounds)).toBe(false);
    expect(canDownload(chosen, 'PRO', null)).toBe(false);
  });

  it('is not for ADMIN and BACK_OFFICE', () => {
    expect(canDownload(chosen, 'ADMIN', bounds)).toBe(false);
    expect(canDownload(chosen, 'BACK_OFFICE', bounds)).toBe(false);
    expect(canDownload(chosen, 'BASIC', bounds)).toBe(true);
    expect(canDownload(chosen, 'DELEGATE', bounds)).toBe(true);
    expect(mayDownloadReport('ADMIN')).toBe(false);
  });
});

describe('creating, cancel and completion (portal-and-report 4)', () => {
  const chosen = run(
    initial,
    { type: 'toggleType', reportType: 'custom' },
    { type: 'setStart', date: '2024-01-31' },
    { type: 'toggleLogo' },
  );

  it('does not start without a type or for a role that may not download', () => {
    expect(run(initial, create).phase).toBe('idle');
    expect(run(chosen, { type: 'create', role: 'ADMIN', bounds }).phase).toBe('idle');
  });

  it('completion resets the dialog', () => {
    const creating = run(chosen, create);
    expect(creating).toMatchObject({ phase: 'creating', run: 1 });
    expect(canDownload(creating, 'PRO', bounds)).toBe(false);
    const done = run(creating, { type: 'completed', run: 1 });
    expect(done).toMatchObject({
      phase: 'idle',
      type: null,
      start: '2023-12-31',
      end: '2024-11-22',
      includeLogo: false,
    });
  });

  it('cancel goes back to idle with the choices, and the cancelled run finishing late changes nothing', () => {
    const cancelled = run(chosen, create, { type: 'cancel' });
    expect(cancelled).toMatchObject({ phase: 'idle', type: 'custom', start: '2024-01-31', includeLogo: true });
    expect(run(cancelled, { type: 'completed', run: 1 })).toEqual(cancelled);
    const second = run(cancelled, create);
    expect(second.run).toBe(2);
    expect(run(second, { type: 'completed', run: 1 })).toEqual(second);
    expect(run(second, { type: 'completed', run: 2 }).type).toBeNull();
  });

  it('a failure goes back to idle with the choices', () => {
    expect(run(chosen, create, { type: 'failed', run: 1 })).toMatchObject({ phase: 'idle', type: 'custom' });
  });

  it('freezes the choices while creating', () => {
    const creating = run(chosen, create);
    expect(run(creating, { type: 'toggleType', reportType: 'custom' }, { type: 'setEnd', date: null })).toEqual(
      creating,
    );
  });
});

describe('logo upload in the dialog (portal-and-report 2 and 6)', () => {
  it('only for PRO: hidden from DELEGATE, BASIC writes nothing, ADMIN and BACK_OFFICE have no report', () => {
    expect(mayUploadLogo('PRO')).toBe(true);
    expect(mayUploadLogo('DELEGATE')).toBe(false);
    expect(mayUploadLogo('BASIC')).toBe(false);
    expect(mayUploadLogo('ADMIN')).toBe(false);
    expect(mayUploadLogo('BACK_OFFICE')).toBe(false);
  });
});
