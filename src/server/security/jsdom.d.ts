// The one part of jsdom the server's DOMPurify uses (server-dom-purify.ts) (jsdom ships no type declarations).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
