// Test support for the booking pages: the vendor, locations, services, staff and free times the
// open API would answer, a fetch that answers them (and records what was asked), and the pages
// rendered in the app's router and providers, with the address they are at shown for assertions.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { vi } from "vitest";
import type { AppointmentDocument } from "../../../shared/contracts/appointment.ts";
import type { LocationResource } from "../../../shared/contracts/location.ts";
import type { ServiceOption } from "../../../shared/contracts/service.ts";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import {
  callbackContactOptionsSchema,
  clientViewSettingsSchema,
  featureFlagsSchema,
} from "../../../shared/vendor-settings.ts";
import type { AvailableSlot } from "../../api/booking/availability.ts";
import type { VendorInfo } from "../../api/vendor.ts";
import { CurrentVendorContext } from "../../current-vendor.ts";
import { MemoryRouter, useLocation } from "../../routing/routing.tsx";
import { locationAttributes, vendorFixture } from "../confirmation/confirmation-fixtures.ts";
import { BookingRoutes } from "./booking-routes.tsx";

export const messages = en as Record<string, string>;
/** An English message with its {values} filled in. */
export const t = (id: string, values: Record<string, string | number> = {}) => {
  const text = messages[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
};

type VendorOptions = {
  clientView?: Partial<ReturnType<typeof clientViewSettingsSchema.parse>>;
  features?: Partial<ReturnType<typeof featureFlagsSchema.parse>>;
  booking?: Partial<{ window_days: number; attendees_limit: number }>;
};

/** The vendor's public state with the product's defaults and these settings. */
export function bookingVendor({
  clientView = {},
  features = {},
  booking = {},
}: VendorOptions = {}): VendorInfo {
  return vendorFixture({
    client_view: { ...clientViewSettingsSchema.parse({}), ...clientView },
    callback_contact_options: callbackContactOptionsSchema.parse({}),
    features: { ...featureFlagsSchema.parse({}), ...features },
    booking: { window_days: 60, attendees_limit: 1, ...booking },
    location_search_radius: 50,
    show_wait_time: true,
  } as Partial<NonNullable<VendorInfo["attributes"]>>);
}

export function bookingLocation(
  id: string,
  name: string,
  overrides: Partial<LocationResource["attributes"]> = {},
): LocationResource {
  return { type: "locations", id, attributes: locationAttributes({ name, ...overrides }) };
}

export function bookingService(id: string, name: string, meetingMethods = [1]): ServiceOption {
  return {
    id,
    name,
    instructions: null,
    text: name,
    value: id,
    supportsCurbsidePickup: false,
    supportsWalkin: true,
    meetingMethods,
  };
}

export const slot = (start: string, minutes = 30, staff = ["5"]): AvailableSlot => ({
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  staff_ids: staff,
});

export type World = {
  locations: LocationResource[];
  /** per location id, the services of its line */
  services: Record<string, ServiceOption[]>;
  staff?: { id: string; name: string }[];
  /** per local date, the free slots */
  days?: Record<string, AvailableSlot[]>;
  /** extra answers by "METHOD /path" (checked first) */
  answers?: Record<string, (request: Request) => Response | Promise<Response>>;
};

export type Call = { method: string; url: URL; body: unknown; headers: Headers };

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/vnd.api+json" },
  });

/** A fetch answering as the open API would for `world`; returns the calls made. */
export function serveBooking(world: World): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body, headers: new Headers(init.headers) });
      const custom = world.answers?.[`${method} ${url.pathname}`];
      if (custom) return custom(new Request(url, init));
      const path = url.pathname;
      if (path === "/api/v2/open/locations") return json(200, { data: world.locations });
      let match = /^\/api\/v2\/open\/locations\/(\d+)$/.exec(path);
      if (match) {
        const location = world.locations.find((l) => l.id === match?.[1]);
        return location
          ? json(200, { data: location })
          : json(404, { errors: [{ status: "404" }] });
      }
      match = /^\/api\/v2\/open\/queue-appointments-services\/(\d+)$/.exec(path);
      if (match) return json(200, { data: [world.services[match[1] ?? ""] ?? [], []] });
      if (/^\/api\/v2\/open\/locations\/\d+\/staff$/.test(path))
        return json(200, { data: (world.staff ?? []).map(staffResource) });
      if (path === "/api/v2/open/questions") return json(200, { data: [] });
      if (path === "/api/v2/open/analytics-events") return new Response(null, { status: 204 });
      if (path === "/api/v2/open/availability") {
        const from = url.searchParams.get("from") ?? "";
        const to = url.searchParams.get("to") ?? "";
        const days = Object.entries(world.days ?? {})
          .filter(([date]) => date >= from && date <= to)
          .map(([date, slots]) => ({
            type: "availability-days",
            id: date,
            attributes: { date, slots },
          }));
        return json(200, {
          data: days,
          included: (world.staff ?? []).map(staffResource),
          meta: { time_zone: "America/Toronto", from, to },
        });
      }
      return json(500, {});
    }),
  );
  return calls;
}

const staffResource = ({ id, name }: { id: string; name: string }) => ({
  type: "staff",
  id,
  attributes: { display_name: name },
});

function Address() {
  const { pathname, search } = useLocation();
  return <div data-testid="address">{`${pathname}${search}`}</div>;
}

/** The booking pages at `path`, as the app renders them; `address()` is where they are now. */
export function renderBooking(path: string, vendor: VendorInfo = bookingVendor(), locale = "en") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <CurrentVendorContext value={vendor}>
          <IntlProvider locale={locale} messages={messages}>
            <BookingRoutes />
            <Address />
          </IntlProvider>
        </CurrentVendorContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const address = () => {
    const text = view.getByTestId("address").textContent ?? "";
    const url = new URL(text, "http://localhost");
    return { pathname: url.pathname, query: Object.fromEntries(url.searchParams) };
  };
  return { ...view, address, queryClient };
}

/** An appointment document as GET /api/v2/open/appointments/{id} answers it. */
export function appointmentDocument(
  overrides: Partial<AppointmentDocument["data"]["attributes"]> = {},
): AppointmentDocument {
  return {
    data: {
      type: "appointments",
      id: "41",
      attributes: {
        status: 1,
        status_name: "confirmed",
        confirm_code: "K7Q2MZ",
        start: "2026-12-01T09:30:00-05:00",
        end: "2026-12-01T10:00:00-05:00",
        time_zone: "America/Toronto",
        meeting_method: 1,
        destination: null,
        attendees: 1,
        notes: null,
        lang: "en",
        booked_through: "client_view",
        location_id: "12",
        service_id: "3",
        staff_id: "5",
        converted_from_queue_appointment_id: null,
        reschedulable: true,
        cancellable: true,
        created: "2026-11-27T15:00:00Z",
        location: {
          name: "Downtown",
          address: "100 King Street West",
          city: "Toronto",
          phone: "+14165550142",
          latitude: 43.6486,
          longitude: -79.3817,
        },
        service: { name: "Open an account", duration_minutes: 30 },
        staff: { display_name: "Ana C." },
        client: {
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          cell_phone_formatted: "(416) 555-0123",
        },
        ...overrides,
      },
    },
  };
}
