// The page for a URL the app does not know (spec §8 "The page you are looking for cannot be found"):
// it offers the home page, as there is nothing here to book again.
import { ErrorPage } from "./error-page.tsx";

export function NotFoundPage() {
  return <ErrorPage titleId="Errors.not_found" subtitleId="Errors.try_again" home />;
}
