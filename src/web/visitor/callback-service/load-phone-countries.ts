// Loads the phone countries module (libphonenumber and its metadata, ~30 KB gz) as its own chunk,
// so the form renders and works without it: the country selector holds the chosen country alone
// and a number typed with "+" is checked by the plain rule until it arrives. It is fetched once the
// page is idle, or at once when the visitor reaches the phone field or types a national number.
// Imports nothing else, so the form's chunk stays free of libphonenumber.
import { useQuery } from "@tanstack/react-query";

export const loadPhoneCountries = () => import("./phone-countries.ts");

export function usePhoneCountriesModule(wanted: boolean) {
  return useQuery({
    queryKey: ["phone-countries-module"],
    queryFn: loadPhoneCountries,
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });
}
