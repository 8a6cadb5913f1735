// Loads the phone countries module (libphonenumber and its metadata, ~30 KB gz) as its own chunk,
// so the form renders without waiting for it; the country list and the phone check wait instead.
// Imports nothing else: the page chunk starts this load before the form arrives.
import { useQuery } from "@tanstack/react-query";

export const loadPhoneCountries = () => import("./phone-countries.ts");

export function usePhoneCountriesModule() {
  return useQuery({
    queryKey: ["phone-countries-module"],
    queryFn: loadPhoneCountries,
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });
}
