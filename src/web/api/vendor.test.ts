// Reading the vendor state the real server sends (GET /api/v2/open/vendor) into what the pages use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { paths } from "../paths.ts";
import { readVendor, type VendorResource } from "./vendor.ts";

describe("readVendor", () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    harness = await buildTestApp();
  });

  afterAll(() => harness.close());

  async function vendorDocument(query: string, acceptLanguage: string) {
    const response = await harness.app.inject({
      method: "GET",
      url: `${paths.api.vendor()}${query}`,
      headers: { accept: "application/vnd.api+json", "accept-language": acceptLanguage },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: VendorResource };
  }

  it("takes the name, theme, languages and the language the server chose", async () => {
    const vendor = readVendor((await vendorDocument("?lang=pt", "ko")).data);
    expect(vendor.name).toBeTruthy();
    expect(vendor.theme.primary_colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(vendor.languages.length).toBeGreaterThan(0);
    expect(vendor.locale).toBe(
      vendor.languages.includes("pt-BR") ? "pt-BR" : vendor.attributes!.languages.default,
    );
  });

  it("follows Accept-Language when no language is asked for", async () => {
    const vendor = readVendor((await vendorDocument("", "ru-RU,ru;q=0.9")).data);
    expect(vendor.locale).toBe(
      vendor.languages.includes("ru") ? "ru" : vendor.attributes!.languages.default,
    );
  });

  it("never turns a non-http homepage or logo into a link or image", async () => {
    const { data } = await vendorDocument("", "en");
    const hostile = {
      ...data,
      attributes: {
        ...data.attributes,
        homepage: "javascript:alert(1)",
        theme: { ...data.attributes.theme, logo_url: "data:image/svg+xml,<svg/>" },
      },
    };
    const vendor = readVendor(hostile);
    expect(vendor.homepage).toBeNull();
    expect(vendor.theme.logo_url).toBeNull();
  });
});
