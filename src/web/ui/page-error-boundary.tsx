// Catches a page that fails to load or render and shows the general error page inside the shell,
// so the header and the language picker stay usable. The error is logged, never swallowed.
import { Component, type ReactNode } from "react";
import { ErrorPage } from "./error-page.tsx";

type Props = {
  children: ReactNode;
  /** shown instead of the general error page (e.g. the page without an optional part) */
  fallback?: ReactNode;
};
type State = { error: unknown };

export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error("page failed", error);
  }

  render() {
    if (this.state.error)
      return (
        this.props.fallback ?? <ErrorPage titleId="Errors.oops" subtitleId="Errors.try_again" />
      );
    return this.props.children;
  }
}
