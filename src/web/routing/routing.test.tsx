// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "./routing.tsx";

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function Page({ name }: { name: string }) {
  const params = useParams();
  return <h1>{`${name} ${JSON.stringify(params)}`}</h1>;
}

function Layout() {
  return (
    <section aria-label="layout">
      <Outlet />
    </section>
  );
}

function app(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Page name="home" />} />
          <Route path="callback-service/confirmation" element={<Page name="confirmation" />} />
          <Route path="callback-service" element={<Page name="finder" />} />
          <Route path="callback-service/:locationId" element={<Page name="form" />} />
          <Route path="*" element={<Page name="not found" />} />
        </Route>
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe("routes", () => {
  it("ranks static segments over parameters over the splat, whatever the order", () => {
    app("/callback-service/confirmation?id=1");
    expect(screen.getByRole("heading").textContent).toBe("confirmation {}");
    cleanup();
    app("/callback-service/42");
    expect(screen.getByRole("heading").textContent).toBe('form {"locationId":"42"}');
    cleanup();
    app("/Callback-Service/");
    expect(screen.getByRole("heading").textContent).toBe("finder {}");
    cleanup();
    app("/callback-service/42/more");
    expect(screen.getByRole("heading").textContent).toBe(
      'not found {"*":"callback-service/42/more"}',
    );
  });

  it("renders the index route inside its layout, and decodes parameters", () => {
    app("/");
    expect(screen.getByRole("region", { name: "layout" }).textContent).toBe("home {}");
    cleanup();
    app("/callback-service/a%20b");
    expect(screen.getByRole("heading").textContent).toBe('form {"locationId":"a b"}');
  });
});

describe("navigation", () => {
  function Controls() {
    const navigate = useNavigate();
    const [params, setParams] = useSearchParams();
    return (
      <>
        <Link to="/callback-service/7?lang=fr">form</Link>
        <NavLink to="/callback-service" className={({ isActive }) => (isActive ? "on" : "off")}>
          finder
        </NavLink>
        <button type="button" onClick={() => navigate({ pathname: "/", search: "?a=1" })}>
          home
        </button>
        <button
          type="button"
          onClick={() =>
            setParams((previous) => {
              previous.set("lang", "es");
              return previous;
            })
          }
        >
          {`lang ${params.get("lang")}`}
        </button>
      </>
    );
  }

  it("follows links and navigations, and sets search parameters on the same path", () => {
    render(
      <MemoryRouter initialEntries={["/callback-service"]}>
        <Controls />
        <Where />
      </MemoryRouter>,
    );
    const where = () => screen.getByTestId("where").textContent;
    expect(screen.getByRole("link", { name: "form" }).getAttribute("href")).toBe(
      "/callback-service/7?lang=fr",
    );
    const finder = screen.getByRole("link", { name: "finder" });
    expect(finder.getAttribute("aria-current")).toBe("page");
    expect(finder.className).toBe("on");

    fireEvent.click(screen.getByRole("link", { name: "form" }));
    expect(where()).toBe("/callback-service/7?lang=fr");
    expect(finder.getAttribute("aria-current")).toBe("page"); // a page under it
    fireEvent.click(screen.getByRole("button", { name: "lang fr" }));
    expect(where()).toBe("/callback-service/7?lang=es");
    fireEvent.click(screen.getByRole("button", { name: "home" }));
    expect(where()).toBe("/?a=1");
    expect(finder.getAttribute("aria-current")).toBeNull();
    expect(finder.className).toBe("off");
  });

  it("leaves a click with a modifier key to the browser", () => {
    render(
      <MemoryRouter initialEntries={["/"]}>
        <Controls />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("link", { name: "form" }), { ctrlKey: true });
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("redirects with <Navigate>, passing history state", () => {
    function State() {
      return <p data-testid="state">{JSON.stringify(useLocation().state)}</p>;
    }
    render(
      <MemoryRouter initialEntries={["/old"]}>
        <Routes>
          <Route path="old" element={<Navigate to="/new" replace state={{ from: "old" }} />} />
          <Route path="new" element={<State />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId("state").textContent).toBe('{"from":"old"}');
  });

  it("drives the browser's history and follows back and forward", () => {
    window.history.replaceState(null, "", "/start");
    render(
      <BrowserRouter>
        <Controls />
        <Where />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole("link", { name: "form" }));
    expect(window.location.pathname + window.location.search).toBe("/callback-service/7?lang=fr");
    act(() => {
      window.history.replaceState(null, "", "/elsewhere");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(screen.getByTestId("where").textContent).toBe("/elsewhere");
  });
});
