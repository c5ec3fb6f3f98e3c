/**
 * The product's name and contact details. Deployments override any of them with `VITE_*`
 * variables at build time; no other file hard-codes them.
 */
const env = import.meta.env;

export const brand = {
  name: env.VITE_BRAND_NAME || "Dauys",
  email: env.VITE_BRAND_EMAIL || "support@dauys.app",
  phone: env.VITE_BRAND_PHONE || "+7 727 000 00 00",
  /** Empty by default: the page then shows "Medical Technology Center" in the user's language. */
  headquarters: env.VITE_BRAND_HEADQUARTERS || "",
  socialUrl: env.VITE_BRAND_SOCIAL_URL || "https://www.instagram.com/dauys.app",
  demoVideoUrl: env.VITE_BRAND_DEMO_VIDEO_URL || "https://www.youtube.com/watch?v=CyFFo5e0HNw",
  /** The year the app was built, unless the deployment sets one. */
  copyrightYear:
    env.VITE_BRAND_COPYRIGHT_YEAR ||
    (typeof __BUILD_YEAR__ === "string" ? __BUILD_YEAR__ : String(new Date().getUTCFullYear())),
} as const;
