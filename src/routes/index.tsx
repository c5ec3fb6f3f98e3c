import { createFileRoute } from "@tanstack/react-router";
import { validateKioskSearch } from "@/features/kiosk/kiosk-search";
import { useKioskLink } from "@/features/kiosk/use-kiosk-link";
import { CallToAction } from "@/features/marketing/call-to-action";
import { FeatureGrid } from "@/features/marketing/feature-grid";
import { HomeHero } from "@/features/marketing/home-hero";
import { StatsSection } from "@/features/marketing/stats-section";
import { SupportCards } from "@/features/marketing/support-cards";

export const Route = createFileRoute("/")({
  // The kiosk provisioning link (`/?kiosk=on&pin=NNNN&idle=SECONDS`), typed; nothing else.
  validateSearch: validateKioskSearch,
  component: HomePage,
});

function HomePage() {
  const navigate = Route.useNavigate();
  useKioskLink(Route.useSearch(), () => navigate({ to: "/", search: {}, replace: true }));
  return (
    <>
      <HomeHero />
      <FeatureGrid />
      <StatsSection />
      <CallToAction />
      <SupportCards />
    </>
  );
}
