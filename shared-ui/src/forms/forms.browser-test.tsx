/// <reference types="mocha" />
// The form controls in real Chromium, from the built shared-ui: percent stored as a fraction with the 'tra 0 e
// 100' hint and range error, currency without negatives in both locales' number formats, the date picker's +5
// years on 29 February, email validity, keyboard access and the accessible wiring.
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import {
  CurrencyInput,
  DatePicker,
  EmailInput,
  i18n,
  initI18n,
  injectStyles,
  loadLocale,
  PercentInput,
  Select,
  setLocale,
} from '@patrimonio/shared-ui';
import { sendKeys } from '@web/test-runner-commands';
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

let root: Root;
let host: HTMLElement;
const q = <T extends Element = HTMLElement>(sel: string) => host.querySelector<T>(sel);
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const tick = () => new Promise((r) => setTimeout(r, 30));

function render(node: ReactNode) {
  flushSync(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
}

/** Every value the control reported, last one last. */
let values: unknown[] = [];
const last = () => values[values.length - 1];

function Controlled<V>(props: { initial: V; control: (value: V, onChange: (v: V) => void) => ReactNode }) {
  const [value, setValue] = useState<V>(props.initial);
  return (
    <>
      {props.control(value, (v) => {
        values.push(v);
        setValue(v);
      })}
      <button type="button" data-testid="elsewhere">
        elsewhere
      </button>
    </>
  );
}

/** Replaces the text of a focused input with what the keyboard types. */
async function typeInto(input: HTMLInputElement, text: string) {
  input.focus();
  input.select();
  if (text === '') await sendKeys({ press: 'Backspace' });
  else await sendKeys({ type: text });
  await tick();
}

/** Sets an input's value the way the browser does when the user picks it (React sees an input event). */
function setNative(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

before(async () => {
  injectStyles();
  await initI18n();
});
beforeEach(async () => {
  localStorage.clear();
  await setLocale('it');
  values = [];
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

describe('PercentInput', () => {
  const percent = (initial: number | null = null) => (
    <Controlled
      initial={initial}
      control={(value, onChange) => (
        <PercentInput label="Quota posseduta" value={value} onChange={onChange} data-testid="percent" />
      )}
    />
  );

  it("stores 0.25 for '25', shows the hint 'tra 0 e 100' and is labelled", async () => {
    render(percent());
    const input = q<HTMLInputElement>('[data-testid="percent"]')!;
    expect(input.labels?.[0]?.textContent).to.contain('Quota posseduta');
    expect(describedText(input)).to.contain('tra 0 e 100');
    expect(describedText(input)).to.contain('%');
    await typeInto(input, '25');
    expect(last()).to.equal(0.25);
    await typeInto(input, '12,5');
    expect(last()).to.equal(0.125);
    expect(input.getAttribute('aria-invalid')).to.equal(null);
  });

  it('rejects 150 with the hint as the error, and the form cannot submit it', async () => {
    render(percent(0.1));
    const input = q<HTMLInputElement>('[data-testid="percent"]')!;
    expect(input.value).to.equal('10');
    await typeInto(input, '150');
    expect(last()).to.equal(null);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const error = q('.pt-field__error')!;
    expect(error.textContent).to.contain('tra 0 e 100');
    expect(describedText(input)).to.contain(error.textContent ?? '');
    expect(input.validity.valid).to.equal(false);
    expect(input.validationMessage).to.contain('tra 0 e 100');
    await typeInto(input, '100');
    expect(last()).to.equal(1);
    expect(q('.pt-field__error')).to.equal(null);
    expect(input.validity.valid).to.equal(true);
  });

  it('shows a stored fraction as percent points in English, with the English hint', async () => {
    await setLocale('en');
    render(percent(0.1234));
    const input = q<HTMLInputElement>('[data-testid="percent"]')!;
    expect(input.value).to.equal('12.34');
    expect(describedText(input)).to.contain('between 0 and 100');
    await typeInto(input, '-3');
    expect(q('.pt-field__error')!.textContent).to.contain('between 0 and 100');
  });
});

describe('CurrencyInput', () => {
  const currency = (symbol?: string) => (
    <Controlled
      initial={null as number | null}
      control={(value, onChange) => (
        <CurrencyInput label="Importo" value={value} onChange={onChange} symbol={symbol} data-testid="amount" />
      )}
    />
  );

  it("parses '1.234,56' in Italian, rewrites it on leaving, and shows € by default", async () => {
    render(currency());
    const input = q<HTMLInputElement>('[data-testid="amount"]')!;
    expect(q('.pt-input-group__adornment')!.textContent).to.equal('€');
    expect(input.getAttribute('inputmode')).to.equal('decimal');
    await typeInto(input, '1.234,56');
    expect(last()).to.equal(1234.56);
    await typeInto(input, '1234,5');
    expect(last()).to.equal(1234.5);
    await sendKeys({ press: 'Tab' });
    await until(() => input.value === '1.234,50', 'the Italian format on blur');
    // The language changes: the same amount in the English format.
    await loadLocale('en');
    flushSync(() => void setLocale('en'));
    await until(() => input.value === '1,234.50', 'the English format');
  });

  it("parses '1,234.56' in English and rejects the Italian form as a number error", async () => {
    await setLocale('en');
    render(currency('$'));
    const input = q<HTMLInputElement>('[data-testid="amount"]')!;
    expect(q('.pt-input-group__adornment')!.textContent).to.equal('$');
    await typeInto(input, '1,234.56');
    expect(last()).to.equal(1234.56);
    await typeInto(input, '1.234,56');
    expect(last()).to.equal(null);
    expect(q('.pt-field__error')!.textContent).to.contain('Invalid number');
  });

  it('rejects negatives and more than 2 decimals', async () => {
    render(currency());
    const input = q<HTMLInputElement>('[data-testid="amount"]')!;
    await typeInto(input, '-5');
    expect(last() ?? null).to.equal(null);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(q('.pt-field__error')!.textContent).to.contain('negativi');
    expect(input.validity.valid).to.equal(false);
    await typeInto(input, '10,125');
    expect(q('.pt-field__error')!.textContent).to.contain('2 decimali');
    await typeInto(input, '10,12');
    expect(last()).to.equal(10.12);
    expect(q('.pt-field__error')).to.equal(null);
  });
});

describe('DatePicker', () => {
  const picker = (initial: string | null) => (
    <Controlled
      initial={initial}
      control={(value, onChange) => (
        <DatePicker label="Data obiettivo" value={value} onChange={onChange} data-testid="date" />
      )}
    />
  );
  const native = () => q<HTMLInputElement>('.pt-date__native')!;
  const errorText = () => q('.pt-field__error')?.textContent ?? null;

  it('shows the date day first in a text box, the calendar behind a hidden native input 1950-2100', async () => {
    render(picker('2024-02-29'));
    const input = q<HTMLInputElement>('[data-testid="date"]')!;
    expect(input.type).to.equal('text');
    expect(input.inputMode).to.equal('numeric');
    expect(input.autocomplete).to.equal('off');
    expect(input.placeholder).to.equal('gg/mm/aaaa');
    expect(input.value).to.equal('29/02/2024');
    expect(native().type).to.equal('date');
    expect(native().tabIndex).to.equal(-1);
    expect(native().getAttribute('aria-hidden')).to.equal('true');
    expect(native().min).to.equal('1950-01-01');
    expect(native().max).to.equal('2100-12-31');
    expect(native().value).to.equal('2024-02-29');
    // A day picked in the browser's calendar is the value, shown day first.
    setNative(native(), '2031-03-15');
    await until(() => input.value === '15/03/2031', '15/03/2031');
    expect(last()).to.equal('2031-03-15');
  });

  it('reads 31/12/2025 and the ISO 2025-12-31, rewritten day first on leaving', async () => {
    render(picker(null));
    const input = q<HTMLInputElement>('[data-testid="date"]')!;
    await typeInto(input, '31/12/2025');
    expect(last()).to.equal('2025-12-31');
    await typeInto(input, '');
    expect(last()).to.equal(null);
    await typeInto(input, '2025-12-31');
    expect(last()).to.equal('2025-12-31');
    expect(input.value).to.equal('2025-12-31');
    await sendKeys({ press: 'Tab' });
    await until(() => input.value === '31/12/2025', 'the date rewritten as 31/12/2025');
    await typeInto(input, '1.2.2026');
    expect(last()).to.equal('2026-02-01');
    input.blur();
    await until(() => input.value === '01/02/2026', '01/02/2026');
    expect(errorText()).to.equal(null);
  });

  it('refuses 12/31/2025 (month first) and 31/02/2025 with the invalid date message, never guessing', async () => {
    render(picker('2025-06-30'));
    const input = q<HTMLInputElement>('[data-testid="date"]')!;
    for (const typed of ['12/31/2025', '31/02/2025', '31/12/25']) {
      await typeInto(input, typed);
      expect(last(), typed).to.equal(null);
      input.blur();
      await until(() => errorText() !== null, `the message for ${typed}`);
      expect(errorText()).to.equal('Data non valida');
      expect(input.value, 'what was typed stays').to.equal(typed);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.validity.valid).to.equal(false);
    }
    await typeInto(input, '30/06/2025');
    expect(last()).to.equal('2025-06-30');
    expect(errorText()).to.equal(null);
  });

  it('+5 years from 2024-02-29 gives 2029-02-28; Tab goes text, calendar, then the quick buttons', async () => {
    render(picker('2024-02-29'));
    const input = q<HTMLInputElement>('[data-testid="date"]')!;
    q<HTMLButtonElement>('[data-years="5"]')!.click();
    await until(() => input.value === '28/02/2029', '28/02/2029');
    expect(last()).to.equal('2029-02-28');
    input.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.getAttribute('aria-label')).to.equal('Apri calendario');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.getAttribute('data-years')).to.equal('5');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.getAttribute('data-years')).to.equal('10');
    expect(document.activeElement?.getAttribute('aria-label')).to.equal('+10 anni');
    await sendKeys({ press: 'Enter' });
    await until(() => input.value === '28/02/2039', '28/02/2039');
    expect(last()).to.equal('2039-02-28');
  });

  it('opens the browser calendar from its button and with Alt+ArrowDown in the text', async () => {
    render(picker('2024-02-29'));
    const input = q<HTMLInputElement>('[data-testid="date"]')!;
    let opened = 0;
    // The picker itself is the browser's: what the control owes is the call.
    native().showPicker = () => {
      opened++;
    };
    q<HTMLButtonElement>('[aria-label="Apri calendario"]')!.click();
    expect(opened).to.equal(1);
    input.focus();
    await sendKeys({ down: 'Alt' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ up: 'Alt' });
    expect(opened).to.equal(2);
    expect(input.value, 'the key typed nothing').to.equal('29/02/2024');
  });

  it('adds years to today when empty and disables the buttons that would pass 2100', async () => {
    render(picker(null));
    const now = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    const today = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
    q<HTMLButtonElement>('[data-years="20"]')!.click();
    await tick();
    // (20 years from a leap year is a leap year: 29 February stays.)
    expect(last()).to.equal(`${now.getFullYear() + 20}${today.slice(4)}`);
    // A new control (a new key), not the same one with a new initial value.
    render(<div key="near-the-end">{picker('2090-06-01')}</div>);
    await tick();
    expect(q<HTMLButtonElement>('[data-years="10"]')!.disabled).to.equal(false);
    expect(q<HTMLButtonElement>('[data-years="15"]')!.disabled).to.equal(true);
  });

  it('rejects a date outside 1950-2100 with a message once left', async () => {
    render(picker('2024-01-01'));
    const input = q<HTMLInputElement>('[data-testid="date"]')!;
    await typeInto(input, '01/05/1900');
    expect(last()).to.equal(null);
    input.blur();
    await until(() => errorText() !== null, 'the range error');
    expect(errorText()).to.contain('01/01/1950');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    await typeInto(input, '01/05/2030');
    expect(last()).to.equal('2030-05-01');
    expect(errorText()).to.equal(null);
  });

  it('in English: the same day-first order, its placeholder, labels and message', async () => {
    await setLocale('en');
    render(picker('2025-12-31'));
    const input = q<HTMLInputElement>('[data-testid="date"]')!;
    expect(input.value).to.equal('31/12/2025');
    expect(input.placeholder).to.equal('dd/mm/yyyy');
    expect(q('.pt-date__calendar')!.getAttribute('aria-label')).to.equal('Open calendar');
    await typeInto(input, '12/31/2025');
    expect(last()).to.equal(null);
    input.blur();
    await until(() => errorText() !== null, 'the message');
    expect(errorText()).to.equal('Invalid date');
  });
});

describe('EmailInput', () => {
  it('is of type email and shows the validity message once left', async () => {
    render(
      <Controlled
        initial=""
        control={(value, onChange) => (
          <EmailInput label="Email" value={value} onChange={onChange} required data-testid="email" />
        )}
      />,
    );
    const input = q<HTMLInputElement>('[data-testid="email"]')!;
    expect(input.type).to.equal('email');
    expect(input.required).to.equal(true);
    expect(q('.pt-field__required')).to.not.equal(null);
    await typeInto(input, 'marco.rossi');
    expect(q('.pt-field__error')).to.equal(null);
    await sendKeys({ press: 'Tab' });
    await until(() => Boolean(q('.pt-field__error')), 'the email message');
    expect(q('.pt-field__error')!.textContent).to.contain('email valido');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    await typeInto(input, 'marco.rossi@example.com');
    await until(() => q('.pt-field__error') === null, 'no message for a valid address');
    expect(last()).to.equal('marco.rossi@example.com');
    expect(input.validity.valid).to.equal(true);
  });
});

describe('Select', () => {
  it('is a labelled native select reporting the chosen value', async () => {
    render(
      <Controlled
        initial=""
        control={(value, onChange) => (
          <Select
            label="Tipo di conto"
            value={value}
            onChange={onChange}
            placeholder="—"
            options={[
              { value: 'CONTO_CORRENTE', label: 'Conto corrente' },
              { value: 'DEPOSITO_TITOLI', label: 'Deposito titoli' },
            ]}
            data-testid="type"
          />
        )}
      />,
    );
    const select = q<HTMLSelectElement>('[data-testid="type"]')!;
    expect(select.labels?.[0]?.textContent).to.contain('Tipo di conto');
    select.value = 'DEPOSITO_TITOLI';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await tick();
    expect(last()).to.equal('DEPOSITO_TITOLI');
  });
});
