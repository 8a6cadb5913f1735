// Sets the browser tab title to "<page> · <vendor>", so tabs and history entries say where they lead.
import { useEffect } from "react";
import { useCurrentVendor } from "../current-vendor.ts";

export function usePageTitle(title: string) {
  const vendor = useCurrentVendor();
  useEffect(() => {
    document.title = `${title} · ${vendor.name}`;
  }, [title, vendor.name]);
}
