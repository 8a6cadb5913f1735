// The one part of jsdom the snippet sanitiser uses (jsdom ships no type declarations).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
