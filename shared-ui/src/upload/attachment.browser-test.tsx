/// <reference types="mocha" />
// The generic file-upload control (issue 19; portal-and-report 5, 8, 9) in real Chromium, from the built shared-ui:
// one png, jpg, jpeg, gif or pdf of at most 15 MB picked or dropped, shown with its name and size (kb, mb above
// 1000 kb); two files, a file too large or of another type refused with the catalogue's toast and not kept; the pick
// button reached with the keyboard; English.
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import { AttachmentInput, i18n, initI18n, injectStyles, setLocale, Toaster } from '@patrimonio/shared-ui';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

let root: Root;
let host: HTMLElement;
let chosen: (File | null)[] = [];
const q = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel);
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const toasts = () =>
  Array.from(document.querySelectorAll('[data-testid="toast-error"] .pt-toast__message')).map((e) => e.textContent);
const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });

function Controlled() {
  const [value, setValue] = useState<File | null>(null);
  return (
    <AttachmentInput
      label="Allegato"
      value={value}
      onChange={(f) => {
        chosen.push(f);
        setValue(f);
      }}
      data-testid="att"
    />
  );
}

function pick(...files: File[]) {
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  const input = q<HTMLInputElement>('[data-testid="att-input"]')!;
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function drop(...files: File[]) {
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  q('[data-testid="att-drop"]')!.dispatchEvent(
    new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
  );
}

before(async () => {
  await initI18n();
  injectStyles();
});

beforeEach(async () => {
  await setLocale('it');
  chosen = [];
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  flushSync(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <Controlled />
        <Toaster />
      </I18nProvider>,
    ),
  );
});

afterEach(() => {
  root.unmount();
  host.remove();
});

describe('AttachmentInput', () => {
  it('keeps one PDF picked and shows its name and size in mb; removing it empties the control', async () => {
    pick(file('mandato.pdf', 2_500_000, 'application/pdf'));
    await until(() => q('[data-testid="att-file"]') !== null, 'the chosen file');
    expect(chosen.map((f) => f?.name)).to.deep.equal(['mandato.pdf']);
    const shown = q('[data-testid="att-file"]')!.textContent!.replace(/[\u00a0\u202f]/g, ' ');
    expect(shown).to.contain('mandato.pdf');
    expect(shown).to.contain('2,5 mb');
    q<HTMLButtonElement>('[data-testid="att-remove"]')!.click();
    await until(() => q('[data-testid="att-file"]') === null, 'no file');
    expect(chosen[chosen.length - 1]).to.equal(null);
  });

  it('takes a dropped PNG, and shows a small one in kb', async () => {
    drop(file('schermata.PNG', 3_000, 'image/png'));
    await until(() => q('[data-testid="att-file"]') !== null, 'the dropped file');
    expect(q('[data-testid="att-file"]')!.textContent).to.contain('3 kb');
  });

  it('refuses two files, a file above 15 MB and a type outside png, jpg, jpeg, gif, pdf with their toasts', async () => {
    const shown = toasts().length;
    drop(file('a.png', 10), file('b.png', 10));
    await until(() => toasts().length === shown + 1, 'the too-many toast');
    pick(file('grande.pdf', 15_000_001));
    await until(() => toasts().length === shown + 2, 'the too-large toast');
    pick(file('foglio.xlsx', 100));
    await until(() => toasts().length === shown + 3, 'the bad-file toast');
    expect(toasts().slice(shown)).to.deep.equal([
      'Puoi caricare un solo file alla volta',
      'Il file è troppo grande: la dimensione massima è 15 MB',
      'File non valido: controlla il formato e riprova',
    ]);
    expect(chosen).to.deep.equal([]);
    expect(q('[data-testid="att-file"]')).to.equal(null);
  });

  it('is reached with the keyboard: Tab lands on the pick button (the file input), named by the hint', async () => {
    const before = document.createElement('button');
    before.textContent = 'prima';
    host.prepend(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    const input = q<HTMLInputElement>('[data-testid="att-input"]')!;
    expect(document.activeElement).to.equal(input);
    expect(input.accept).to.contain('.pdf');
    expect(input.accept).to.contain('.gif');
    const hint = document.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).to.contain('15 MB');
  });

  it('speaks English', async () => {
    await setLocale('en');
    await until(() => q('[data-testid="att"]')!.textContent!.includes('choose a file'), 'English');
    const shown = toasts().length;
    pick(file('note.txt', 10));
    await until(() => toasts().length === shown + 1, 'the toast');
    expect(toasts()[shown]).to.equal('Invalid file: check its format and try again');
  });
});
