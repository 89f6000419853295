/// <reference types="mocha" />
// The page kit in real Chromium, from the built shared-ui: the tabs' keyboard pattern (arrows wrap, Home, End,
// roving tab index, the panel labelled by the selected tab), the two-step button (arm, then act) and the form
// dialog (a busy save keeps the focus, so Escape still closes it; no second submit while busy).
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import { FormDialog, i18n, initI18n, injectStyles, setLocale, Tabs, TwoStepButton } from '@patrimonio/shared-ui';
import { sendKeys } from '@web/test-runner-commands';
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

let root: Root;
let host: HTMLElement;
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const q = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel);

function render(node: ReactNode) {
  flushSync(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
}

type Key = 'one' | 'two' | 'three';
function ThreeTabs() {
  const [tab, setTab] = useState<Key>('one');
  return (
    <Tabs
      label="Schede"
      value={tab}
      onChange={setTab}
      tabs={[
        { key: 'one', label: 'Uno' },
        { key: 'two', label: 'Due' },
        { key: 'three', label: 'Tre' },
      ]}
    >
      <p data-testid="panel-text">{tab}</p>
    </Tabs>
  );
}

before(async () => {
  injectStyles();
  await initI18n();
});
beforeEach(async () => {
  await setLocale('it');
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

describe('Tabs', () => {
  const selected = () => q('[role="tab"][aria-selected="true"]')?.dataset.testid;
  const focused = () => (document.activeElement as HTMLElement | null)?.dataset.testid;

  it('moves and selects with the arrow keys (wrapping), Home and End, keeping one tab in the tab order', async () => {
    render(<ThreeTabs />);
    q<HTMLButtonElement>('[data-testid="tab-one"]')!.focus();
    expect([...document.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => t.tabIndex)).to.deep.equal([
      0, -1, -1,
    ]);

    await sendKeys({ press: 'ArrowRight' });
    await until(() => selected() === 'tab-two', 'ArrowRight to select the second tab');
    expect(focused()).to.equal('tab-two');
    expect(q('[data-testid="panel-text"]')!.textContent).to.equal('two');
    expect([...document.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => t.tabIndex)).to.deep.equal([
      -1, 0, -1,
    ]);

    await sendKeys({ press: 'End' });
    await until(() => selected() === 'tab-three', 'End to select the last tab');
    expect(focused()).to.equal('tab-three');

    await sendKeys({ press: 'ArrowRight' });
    await until(() => selected() === 'tab-one', 'ArrowRight on the last tab to wrap to the first');
    expect(focused()).to.equal('tab-one');

    await sendKeys({ press: 'ArrowLeft' });
    await until(() => selected() === 'tab-three', 'ArrowLeft on the first tab to wrap to the last');

    await sendKeys({ press: 'Home' });
    await until(() => selected() === 'tab-one', 'Home to select the first tab');
    expect(focused()).to.equal('tab-one');

    const panel = q('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).to.equal(q('[data-testid="tab-one"]')!.id);
    expect(q('[role="tablist"]')!.getAttribute('aria-label')).to.equal('Schede');
  });

  it('ignores other keys', async () => {
    render(<ThreeTabs />);
    q<HTMLButtonElement>('[data-testid="tab-one"]')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'x' });
    expect(selected()).to.equal('tab-one');
    expect(focused()).to.equal('tab-one');
  });
});

describe('TwoStepButton', () => {
  it('arms on the first click (confirm label, danger style) and acts only on the second', async () => {
    let confirmed = 0;
    render(
      <TwoStepButton confirmLabel="Conferma" onConfirm={() => confirmed++} data-testid="delete">
        Elimina
      </TwoStepButton>,
    );
    const button = q<HTMLButtonElement>('[data-testid="delete"]')!;
    expect(button.textContent).to.equal('Elimina');
    expect(button.dataset.armed).to.equal(undefined);

    button.click();
    await until(() => button.dataset.armed === 'true', 'the first click to arm the button');
    expect(button.textContent).to.equal('Conferma');
    expect(button.classList.contains('pt-btn--danger')).to.equal(true);
    // The kit's stylesheet is injected with shared-ui's: the armed button has the danger background.
    const danger = getComputedStyle(document.documentElement).getPropertyValue('--pt-danger').trim();
    const probe = document.createElement('span');
    probe.style.color = danger;
    document.body.appendChild(probe);
    expect(getComputedStyle(button).backgroundColor).to.equal(getComputedStyle(probe).color);
    probe.remove();
    expect(confirmed).to.equal(0);

    button.click();
    await until(() => confirmed === 1, 'the second click to act');
    await until(() => button.dataset.armed === undefined, 'the button to disarm after acting');
    expect(button.textContent).to.equal('Elimina');
  });

  it('does nothing while disabled', async () => {
    let confirmed = 0;
    render(
      <TwoStepButton confirmLabel="Conferma" onConfirm={() => confirmed++} disabled data-testid="delete">
        Elimina
      </TwoStepButton>,
    );
    const button = q<HTMLButtonElement>('[data-testid="delete"]')!;
    button.click();
    button.click();
    expect(button.dataset.armed).to.equal(undefined);
    expect(confirmed).to.equal(0);
  });
});

describe('FormDialog', () => {
  it('keeps the focus on a busy submit button, refuses a second submit, and still closes on Escape', async () => {
    let submitted = 0;
    let closed = 0;
    const dialog = (busy: boolean) => (
      <FormDialog
        open
        title="Nuovo portafoglio"
        busy={busy}
        onClose={() => closed++}
        onSubmit={() => submitted++}
        data-testid="form-dialog"
      >
        <input name="name" />
      </FormDialog>
    );
    render(dialog(false));
    const submit = q<HTMLButtonElement>('[data-testid="dialog-submit"]')!;
    submit.focus();
    submit.click();
    await until(() => submitted === 1, 'the first submit');

    render(dialog(true));
    expect(submit.getAttribute('aria-disabled')).to.equal('true');
    expect(document.activeElement).to.equal(submit);
    submit.click();
    expect(submitted).to.equal(1);

    await sendKeys({ press: 'Escape' });
    await until(() => closed === 1, 'Escape to close the busy dialog');
  });
});
