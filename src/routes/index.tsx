import { createFileRoute } from "@tanstack/react-router";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { validateKioskSearch } from "@/features/kiosk/kiosk-search";
import { useKioskLink } from "@/features/kiosk/use-kiosk-link";
import { HydrationPart } from "@/components/hydration-part";
import { CallToAction } from "@/features/marketing/call-to-action";
import { FeatureGrid } from "@/features/marketing/feature-grid";
import { HomeHero } from "@/features/marketing/home-hero";
import { StatsSection } from "@/features/marketing/stats-section";
import { SupportCards } from "@/features/marketing/support-cards";
import { loadCatalogParts } from "@/lib/i18n";
import { pageHead } from "@/lib/page-title";

/** The home page's headline, which is its title too. */
const headline = msg`Your voice, understood`;

export const Route = createFileRoute("/")({
  // The kiosk provisioning link (`/?kiosk=on&pin=NNNN&idle=SECONDS`), typed; nothing else.
  validateSearch: validateKioskSearch,
  head: pageHead(headline),
  // The marketing sections' messages come with the pages that show them.
  loader: () => loadCatalogParts(["marketing"]),
  component: HomePage,
});

function HomePage() {
  const { i18n } = useLingui();
  const navigate = Route.useNavigate();
  useKioskLink(Route.useSearch(), () => navigate({ to: "/", search: {}, replace: true }));
  return (
    <>
      <HomeHero headline={i18n._(headline)} />
      <FeatureGrid />
      <StatsSection />
      <HydrationPart>
        <CallToAction />
      </HydrationPart>
      <SupportCards />
    </>
  );
}
