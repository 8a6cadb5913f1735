// The main demo vendor, Northwind Bank: settings and domains, assembled with its branches,
// services, questions and staff (each in its own file).
import { LOCALES } from "../../../shared/domain.ts";
import { themeSchema, vendorSettingsSchema } from "../../../shared/vendor-settings.ts";
import type { DemoVendor } from "./demo-vendor.ts";
import { northwindLocations } from "./northwind-locations.ts";
import { northwindGroups, northwindRooms } from "./northwind-organisation.ts";
import { northwindQuestions } from "./northwind-questions.ts";
import { northwindServices } from "./northwind-services.ts";
import { northwindStaff } from "./northwind-staff.ts";

export const northwindBank: DemoVendor = {
  vendor: {
    slug: "demo",
    name: "Northwind Bank",
    homepage: "https://northwind.example",
    currency: "CAD",
    settings: vendorSettingsSchema.parse({
      client_view: {
        available_languages: [...LOCALES],
        default_language: "en",
        homepage: "https://northwind.example",
        privacy_policy_url: "https://northwind.example/privacy",
        terms_of_service_url: "https://northwind.example/terms",
        walkin_questions: true,
        callback_contact_options: {
          mobile_phone: "optional",
          email: "optional",
          notes: "optional",
        },
      },
      social: { linkedin: "https://www.linkedin.com/company/northwind-bank-example" },
    }),
    theme: themeSchema.parse({}),
  },
  // localhost and 127.0.0.1 need no row: unknown hosts fall back to DEFAULT_VENDOR (demo).
  domains: ["northwind.localhost"],
  locations: northwindLocations,
  services: northwindServices,
  questions: northwindQuestions,
  staff: northwindStaff,
  groups: northwindGroups,
  rooms: northwindRooms,
  breakToday: {
    email: "amelia.chen@northwind.example",
    location: "NW-TOR-001",
    startsInMinutes: 20,
    minutes: 15,
  },
};
