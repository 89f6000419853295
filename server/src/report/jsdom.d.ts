// The one jsdom API the logo sanitiser uses (jsdom ships no type declarations and @types/jsdom is not installed).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
