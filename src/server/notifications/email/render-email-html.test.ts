import { describe, expect, it } from "vitest";
import { AA_NORMAL_TEXT, contrastRatio } from "../../../shared/colour-contrast.ts";
import { buttonTextColour, renderEmailHtml, renderEmailText } from "./render-email-html.ts";

const vendor = { name: "Northwind Bank", logoUrl: null, primaryColour: "#2979FF" };

const html = (body: string, overrides: Partial<Parameters<typeof renderEmailHtml>[0]> = {}) =>
  renderEmailHtml({ lang: "en", subject: "Your turn", body, vendor, ...overrides });

describe("renderEmailText", () => {
  it("keeps paragraphs apart by a blank line and writes each link as label: url", () => {
    const body =
      "Hi Ana,\r\n\r\nYou are number 3.\nAbout 10 minutes.\n\n   \n[Manage your place](https://q.example/p/1?code=AB)\n\nSee you soon.";
    expect(renderEmailText(body)).toBe(
      "Hi Ana,\n\nYou are number 3.\nAbout 10 minutes.\n\nManage your place: https://q.example/p/1?code=AB\n\nSee you soon.\n",
    );
  });

  it("shows a link of another scheme, or a redacted one, as text", () => {
    expect(renderEmailText("[Open](javascript:alert(1)) and [Choose]([link])")).toBe(
      "Open: javascript:alert(1) and Choose: [link]\n",
    );
  });
});

describe("renderEmailHtml", () => {
  it("escapes names and template text, so nothing in them becomes markup", () => {
    const out = renderEmailHtml({
      lang: "en",
      subject: "</title><script>alert(1)</script>",
      body: 'Hi <b>Ana</b> & "friends",\n\n[<img src=x onerror=alert(1)>](https://q.example/?a=1&b="2")',
      vendor: { ...vendor, name: 'Evil" onload="alert(1)' },
    });
    expect(out).not.toContain("<script>");
    expect(out).not.toContain("<b>Ana</b>");
    expect(out).not.toContain("<img src=x");
    expect(out).not.toContain('onload="alert(1)');
    expect(out).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(out).toContain("Hi &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;friends&quot;,");
    expect(out).toContain('href="https://q.example/?a=1&amp;b=%222%22"');
  });

  it("makes an http or https link a button, and never a link of another scheme", () => {
    const out = html(
      "[Manage](https://q.example/m)\n\n[Old](http://q.example/o)\n\n[Run](javascript:alert(1))\n\n[Data](data:text/html,hi)\n\n[Choose]([link])",
    );
    const hrefs = [...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(["https://q.example/m", "http://q.example/o"]);
    expect(out).toContain("Run: javascript:alert(1)");
    expect(out).toContain("Choose: [link]");
  });

  it("paints the button in the vendor's colour with text that reaches AA on it", () => {
    for (const colour of ["#2979FF", "#FFEB3B", "#00796B", "#777777", "#000000", "#FFFFFF"]) {
      const out = html("[Go](https://q.example/)", {
        vendor: { ...vendor, primaryColour: colour },
      });
      const text = buttonTextColour(colour);
      expect(out).toContain(`background-color:${colour}`);
      expect(out).toContain(`color:${text};background-color:${colour}`);
      expect(contrastRatio(text, colour), colour).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    }
    expect(buttonTextColour("#000000")).toBe("#FFFFFF");
    expect(buttonTextColour("#FFEB3B")).toBe("#111111");
  });

  it("declares its language, direction, title, dark-mode support and a hidden preheader", () => {
    const out = html("Hi Ana,\n\nYou are next in line at the Main Street branch, please come in.", {
      lang: "pt-BR",
      subject: "É a sua vez",
    });
    expect(out).toContain('<html lang="pt-BR" dir="ltr"');
    expect(out).toContain("<title>É a sua vez</title>");
    expect(out).toContain('<meta name="color-scheme" content="light dark">');
    expect(out).toContain('<meta name="supported-color-schemes" content="light dark">');
    expect(out).toContain("@media (prefers-color-scheme: dark)");
    expect(out).toContain("max-width:600px");
    expect(out).toMatch(
      /<div style="display:none;[^"]*">You are next in line at the Main Street branch, please come in\.<\/div>/,
    );
    for (const size of out.matchAll(/font-size:(\d+)px/g)) {
      if (size[1] !== "1") expect(Number(size[1])).toBeGreaterThanOrEqual(16);
    }
  });

  it("shows the vendor's logo with its name as the alternative text, and the name when there is no logo", () => {
    const withLogo = html("Hi", {
      vendor: { ...vendor, logoUrl: "https://cdn.example/logo.png" },
    });
    expect(withLogo).toMatch(/<img src="https:\/\/cdn.example\/logo.png" alt="Northwind Bank"/);
    const withoutLogo = html("Hi");
    expect(withoutLogo).not.toContain("<img");
    expect(withoutLogo).toContain(">Northwind Bank</div>");
    expect(html("Hi", { vendor: { ...vendor, logoUrl: "javascript:alert(1)" } })).not.toContain(
      "<img",
    );
  });
});
