import { useEffect } from "react";
import { brand } from "@/lib/brand";

/** Sets `document.title` to "<page> · <brand>", following the current language. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title === brand.name ? title : `${title} · ${brand.name}`;
  }, [title]);
}
