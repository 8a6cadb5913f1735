// Test harness of the office pages (used by their tests only): a signed-in staff member of a role,
// with the grants GET /me answers for it (role-grants-fixtures.ts), a stub server answering by
// "METHOD /path", a realtime client that records the staff channels, and the providers the pages
// run inside.
import "../../../test/dom/css-escape.ts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { vi } from "vitest";
import { ROLES } from "../../shared/domain.ts";
import en from "../../shared/i18n/en.json" with { type: "json" };
import type { Me } from "../api/office/me.ts";
import type { RealtimeClient } from "../api/realtime/realtime-client.ts";
import { RealtimeContext } from "../api/realtime/realtime-context.tsx";
import { defaultVendor } from "../api/vendor.ts";
import { CurrentVendorContext } from "../current-vendor.ts";
import { LocaleContext } from "../i18n/locale-context.ts";
import { MemoryRouter, Route, Routes, useLocation } from "../routing/routing.tsx";
import { ToastArea, toastQueue } from "../ui/toast.tsx";
import { type FixtureRole, ROLE_GRANTS } from "./role-grants-fixtures.ts";
import { StaffSessionContext } from "./shell/staff-session.ts";

export const messages = en as Record<string, string>;
/** An English message with its arguments, as the page shows it. */
export const t = (id: string) => {
  const message = messages[id];
  if (message === undefined) throw new Error(`no message ${id}`);
  return message;
};

export const WARSAW = { id: 5, name: "Warszawa — Złota", timezone: "Europe/Warsaw" };
export const TORONTO = {
  id: 1,
  name: "Toronto — First Canadian Place",
  timezone: "America/Toronto",
};

export function staffMe(role: FixtureRole = "staff", overrides: Partial<Me> = {}): Me {
  const level = ROLES[role];
  return {
    user: {
      id: 42,
      email: "katarzyna.nowak@northwind.example",
      first_name: "Katarzyna",
      last_name: "Nowak",
      full_name: "Katarzyna Nowak",
      lang: "pl",
    },
    role: { level, name: role },
    vendor: { id: 1, slug: "demo", name: "Northwind Bank" },
    locations: [WARSAW],
    all_locations: level >= ROLES.manager,
    ...ROLE_GRANTS[role],
    realtime: { token: "realtime-token", expires_at: "2099-01-01T00:00:00.000Z" },
    ...overrides,
  };
}

export type StubCall = { method: string; path: string; body: unknown; headers: Headers };
type Answer = (call: StubCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/vnd.api+json", ...headers },
  });

/** Stubs fetch: each call goes to the answer of "METHOD /path" (query ignored), else a 500. */
export function stubServer(answers: Record<string, Answer>) {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      const call: StubCall = {
        method: init.method ?? "GET",
        path: url.pathname,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const answer = answers[`${call.method} ${call.path}`];
      return answer ? answer(call) : json(500, { errors: [{ status: "500", detail: "stub" }] });
    }),
  );
  return calls;
}

type StaffHandlers = Parameters<RealtimeClient["subscribeToStaffLocation"]>[1];

/**
 * A realtime client that keeps the handlers of the staff channels, so a test can push events. A
 * page may follow one channel from several places (the lobby and its today's appointments): an
 * event pushed on `channels.get(id)` reaches every follower, as the real client's does.
 */
export function recordingStaffRealtime() {
  const followers = new Map<string, StaffHandlers[]>();
  const channels = new Map<string, StaffHandlers>();
  const fanOut = (list: readonly StaffHandlers[]): StaffHandlers => ({
    queueAppointmentChanged: (resource) => {
      for (const h of list) h.queueAppointmentChanged?.(resource);
    },
    waitTimes: (entries) => {
      for (const h of list) h.waitTimes?.(entries);
    },
    queueAppointmentMessagesChanged: (data) => {
      for (const h of list) h.queueAppointmentMessagesChanged?.(data);
    },
    appointmentChanged: (data) => {
      for (const h of list) h.appointmentChanged?.(data);
    },
    onError: (error) => {
      for (const h of list) h.onError?.(error);
    },
    onSubscribed: () => {
      for (const h of list) h.onSubscribed?.();
    },
  });
  const resyncs = new Set<() => void>();
  const client = {
    subscribeToStaffLocation(locationId: number | string, handlers: StaffHandlers) {
      const id = String(locationId);
      const list = [...(followers.get(id) ?? []), handlers];
      followers.set(id, list);
      channels.set(id, fanOut(list));
      return () => {
        const left = (followers.get(id) ?? []).filter((h) => h !== handlers);
        if (left.length === 0) {
          followers.delete(id);
          channels.delete(id);
        } else {
          followers.set(id, left);
          channels.set(id, fanOut(left));
        }
      };
    },
    onResync(listener: () => void) {
      resyncs.add(listener);
      return () => void resyncs.delete(listener);
    },
  } as unknown as RealtimeClient;
  return {
    client,
    channels,
    resync: () => {
      for (const listener of resyncs) listener();
    },
  };
}

/** Shows the current address, so a test can see where a page navigated to. */
function WhereAmI() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

type RenderOptions = {
  /** the address the page opens at, with the history state a navigation gave it */
  at: string | { pathname: string; search?: string; state?: unknown };
  /** the route pattern the page is mounted on */
  path?: string;
  /** null renders outside any staff session (sign-in pages, the layout) */
  me?: Me | null;
  realtime?: RealtimeClient | null;
  queryClient?: QueryClient;
  /** more routes beside the page's (a layout's children, the pages it leads to) */
  routes?: ReactNode;
};

export function renderOffice(ui: ReactNode, options: RenderOptions) {
  // The toast queue is one for the app: a toast of the test before is not this test's.
  toastQueue.clear();
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const me = options.me === undefined ? staffMe() : options.me;
  const page = me ? <StaffSessionContext value={me}>{ui}</StaffSessionContext> : ui;
  const result = render(
    <MemoryRouter initialEntries={[options.at]}>
      <QueryClientProvider client={queryClient}>
        <RealtimeContext value={options.realtime ?? null}>
          <CurrentVendorContext value={defaultVendor("en")}>
            <LocaleContext value={{ locale: "en", available: ["en", "fr"], setLocale: () => {} }}>
              <IntlProvider locale="en" messages={messages}>
                <Routes>
                  {options.routes}
                  {options.path !== undefined || !options.routes ? (
                    <Route path={options.path ?? "*"} element={page} />
                  ) : null}
                  <Route path="*" element={null} />
                </Routes>
                <WhereAmI />
                <ToastArea />
              </IntlProvider>
            </LocaleContext>
          </CurrentVendorContext>
        </RealtimeContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}
