// The vendor of this page, loaded once by the app root and read by the header, footer and pages.
import { createContext, useContext } from "react";
import { defaultVendor, type VendorInfo } from "./api/vendor.ts";

export const CurrentVendorContext = createContext<VendorInfo>(defaultVendor());

export function useCurrentVendor(): VendorInfo {
  return useContext(CurrentVendorContext);
}
