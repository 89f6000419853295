// @vitest-environment jsdom
// Forms from the contract (issue 14): a body the contract refuses marks its fields before any request, a server
// 400 naming a field lands on that field, another failure is kept for the dialog, and reopening resets the form.
import { ApiError, bodyErrors } from '@patrimonio/shared-api';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Type } from 'typebox';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type ContractForm, toFieldErrors, useContractForm } from './contract.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Body = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 20 }),
    purchaseDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    value: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
interface Values {
  name: string;
  date: string;
  value: string;
}
const DEFAULTS: Values = { name: 'Quadro', date: '', value: '10' };
const toBody = (v: Values) => ({ name: v.name, purchaseDate: v.date, value: v.value === '' ? null : Number(v.value) });

let root: Root;
let host: HTMLElement;
/** The error codes the dialog shows, e.g. 'name:required date: value:'. */
const shown = () => host.textContent;
let form: ContractForm<Values, typeof Body>;

function Dialog(props: { open: boolean; defaults: Values }) {
  form = useContractForm(Body, {
    open: props.open,
    defaults: props.defaults,
    toBody: toBody as never,
    fields: { purchaseDate: 'date' },
  });
  // As a dialog does: the codes are read in render, under each field.
  return createElement(
    'output',
    null,
    (['name', 'date', 'value'] as const).map((f) => `${f}:${form.codeOf(f) ?? ''}`).join(' '),
  );
}
const render = (open: boolean, defaults: Values = { ...DEFAULTS }) =>
  act(() => root.render(createElement(Dialog, { open, defaults })));
const submit = (send: (body: unknown) => Promise<unknown>) => act(() => form.submit(send)());

beforeEach(() => {
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

describe('bodyErrors: the contract check the server makes', () => {
  test('a missing or empty value is required, a wrong one invalid, by body path', () => {
    expect(bodyErrors(Body, { name: '', purchaseDate: '2026-02-30', value: -1 })).toEqual({
      name: 'required',
      purchaseDate: 'invalid',
      value: 'invalid',
    });
    expect(bodyErrors(Body, { purchaseDate: null })).toEqual({ name: 'required', value: 'required' });
    expect(bodyErrors(Body, { name: 'a', purchaseDate: null, value: 1, extra: 1 })).toEqual({ '': 'invalid' });
    expect(bodyErrors(Body, { name: 'a', purchaseDate: '2026-01-31', value: 0 })).toEqual({});
  });
});

describe('toFieldErrors', () => {
  test("a code on a nested value keeps its fields' codes, whichever comes first", () => {
    // A nullable object is checked whole (formats.1.layout) as well as field by field.
    const after = toFieldErrors({ 'formats.1.layout.kind': 'required', 'formats.1.layout': 'invalid' });
    const before = toFieldErrors({ 'formats.1.layout': 'invalid', 'formats.1.layout.kind': 'required' });
    for (const errors of [after, before]) {
      const layout = (errors as Record<string, Record<string, Record<string, { type?: string }>>>).formats!['1']!
        .layout!;
      expect(layout.type).toBe('invalid');
      expect((layout as unknown as Record<string, { type: string }>).kind!.type).toBe('required');
    }
  });
});

describe('useContractForm', () => {
  test('a contract violation shows on its field before any request', async () => {
    await render(true);
    const send = vi.fn(async () => ({}));
    await act(async () => {
      form.setValue('name', '');
      form.setValue('date', '31/01/2026');
      form.setValue('value', '');
    });
    await submit(send);
    expect(send).not.toHaveBeenCalled();
    // The body's purchaseDate is the form's date field.
    expect(shown()).toBe('name:required date:invalid value:required');
  });

  test('a valid form sends the normalised body: an empty date as null', async () => {
    await render(true);
    const send = vi.fn(async () => ({}));
    await submit(send);
    expect(send).toHaveBeenCalledWith({ name: 'Quadro', purchaseDate: null, value: 10 }, DEFAULTS);
    expect(shown()).toBe('name: date: value:');
  });

  test("a server 400's field errors land on their fields; another failure is kept for the dialog", async () => {
    await render(true);
    await submit(async () => {
      throw new ApiError(400, { statusCode: 400, fields: [{ field: 'body.name', message: 'duplicate' }] });
    });
    expect(shown()).toBe('name:server date: value:');
    expect(form.submitError).toBeNull();

    await submit(async () => {
      throw new ApiError(400, { statusCode: 400, fields: [{ field: 'body.purchaseDate', message: 'in the future' }] });
    });
    expect(shown()).toBe('name: date:server value:');

    const failure = new ApiError(500, { statusCode: 500 });
    await submit(async () => {
      throw failure;
    });
    expect(form.submitError).toBe(failure);
  });

  test('reopening the dialog resets the values and the errors; new defaults with the same content do not', async () => {
    await render(true);
    await act(async () => form.setValue('name', ''));
    await submit(async () => ({}));
    expect(shown()).toBe('name:required date: value:');

    await render(true); // a re-render with an equal defaults object keeps what was typed
    expect(form.getValues('name')).toBe('');

    await render(false);
    await render(true);
    expect(form.getValues()).toEqual(DEFAULTS);
    expect(shown()).toBe('name: date: value:');

    await render(true, { ...DEFAULTS, name: 'Scultura' }); // the edited record arrives
    expect(form.getValues('name')).toBe('Scultura');
  });
});
