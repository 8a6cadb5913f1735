// Runs on a worker thread: the first use of Intl loads the engine's locale data (≈ 30–50 ms on a
// fast machine, several times that on a phone). That data is shared by every thread of the page's
// process, so loading it here, while the main thread evaluates the app and its data arrives,
// spares the first render that work. Each Intl service the visitor pages use on their first
// screen is made once, in the page's likely language; then the worker says so and ends.
addEventListener("message", (event: MessageEvent<unknown>) => {
  const locale = typeof event.data === "string" ? event.data : "en";
  try {
    Intl.NumberFormat.supportedLocalesOf(locale);
    Intl.DateTimeFormat.supportedLocalesOf(locale);
    new Intl.NumberFormat(locale).format(1);
    new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(5);
    new Intl.DateTimeFormat(locale, { weekday: "long", hour: "numeric" }).format(0);
    new Intl.PluralRules(locale).select(1);
    new Intl.ListFormat(locale, { type: "unit", style: "long" }).format(["1", "2"]);
    new Intl.DisplayNames([locale], { type: "region" }).of("US");
    new Intl.Collator(locale).compare("a", "b");
  } finally {
    postMessage("warm");
    close();
  }
});
