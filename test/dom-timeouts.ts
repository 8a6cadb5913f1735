// Every page test's findBy… and waitFor wait up to five seconds, not the library's one: a page's
// first render loads its lazy chunk and message catalog, which a busy two-core machine (a CI run,
// several test workers) can take longer than a second to do. A wait ends as soon as its element
// appears, so a passing test is no slower; only a test that would have failed on slack now passes.
// Only the jsdom files load the library; the node files skip it.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 5000 });
}
