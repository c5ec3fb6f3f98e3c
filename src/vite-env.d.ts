/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BRAND_NAME?: string;
  readonly VITE_BRAND_EMAIL?: string;
  readonly VITE_BRAND_PHONE?: string;
  readonly VITE_BRAND_HEADQUARTERS?: string;
  readonly VITE_BRAND_SOCIAL_URL?: string;
  readonly VITE_BRAND_DEMO_VIDEO_URL?: string;
  readonly VITE_BRAND_COPYRIGHT_YEAR?: string;
}

/** The year the app was built (vite.config.ts `define`); absent when Vite did not build it. */
declare const __BUILD_YEAR__: string | undefined;

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

declare module "virtual:openmoji-index/*" {
  import type { SymbolIndex } from "@/shared/symbol-index";
  const index: SymbolIndex;
  export default index;
}
