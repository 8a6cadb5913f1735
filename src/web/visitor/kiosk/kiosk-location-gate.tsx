// What both kiosk steps need first: kiosk mode, a known location (else a reported error) and that
// location loaded. Renders the step with the location once all three hold.
import { type ReactNode, useEffect } from "react";
import { FormattedMessage } from "react-intl";
import { useLocationById } from "../../api/location.ts";
import type { LocationResource } from "../../api/locations.ts";
import { Navigate, useLocation, useSearchParams } from "../../routing/routing.tsx";
import { ErrorPage } from "../../ui/error-page.tsx";
import styles from "./kiosk.module.css";
import { useKiosk } from "./kiosk-context.ts";

type Props = { children: (location: LocationResource, locationId: string) => ReactNode };

export function KioskLocationGate({ children }: Props) {
  const kiosk = useKiosk();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const locationId = kiosk?.locationId ?? null;
  const location = useLocationById(locationId);

  useEffect(() => {
    if (kiosk && locationId === null) {
      console.error("kiosk: no location in its account, this visit or the URL");
    }
  }, [kiosk, locationId]);

  // /how and /where are kiosk pages: opened without the mode, they add it.
  if (!kiosk) {
    const next = new URLSearchParams(search);
    next.set("mode", "kiosk");
    return <Navigate replace to={{ pathname, search: next.toString() }} />;
  }
  if (locationId === null) {
    return (
      <ErrorPage
        titleId="Kiosk.no_location_title"
        subtitleId="Kiosk.no_location_subtitle"
        bookAnother={false}
      />
    );
  }
  if (location.isError) {
    return (
      <ErrorPage
        titleId="Kiosk.location_unavailable_title"
        subtitleId="Kiosk.location_unavailable_subtitle"
        bookAnother={false}
      />
    );
  }
  if (!location.data) {
    return (
      <p className={styles.muted} role="status">
        <FormattedMessage id="Kiosk.loading" />
      </p>
    );
  }
  return children(location.data, locationId);
}
