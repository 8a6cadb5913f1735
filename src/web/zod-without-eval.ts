// Zod compiles object schemas with `new Function` where a page allows it, and finds out by trying
// once: under the app's CSP (script-src 'self', no 'unsafe-eval') that try is refused and reported
// as a violation on every page that validates a form. Zod's own setting for such pages is
// `jitless: true`; it is set on the object Zod reads its configuration from
// (globalThis.__zod_globalConfig, shared by every copy of Zod), so the entry loads no Zod code.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
