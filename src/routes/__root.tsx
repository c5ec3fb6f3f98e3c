import { startTransition, useEffect, useRef, useState, type ComponentType } from "react";
import { Outlet, createRootRoute, useRouter, useRouterState } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { Container } from "@/components/container";
import Typography from "@mui/material/Typography";
import { HydrationPart, usePageLive } from "@/components/hydration-part";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { ExitKioskControl } from "@/features/kiosk/exit-kiosk-control";
import { useKiosk } from "@/features/kiosk/kiosk-store";
import { mainContentId } from "@/lib/main-content";
import { titleOf } from "@/lib/page-title";
import { KioskMode } from "@/features/kiosk/kiosk-mode";
import { loadUntilLoaded } from "@/lib/load-when-online";
import { tokens } from "@/theme/tokens";
import { TryAgainButton } from "@/components/try-again-button";

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: RootError,
});

function SkipLink() {
  const { t } = useLingui();
  return (
    <Box
      component="a"
      href={`#${mainContentId}`}
      sx={{
        position: "fixed",
        top: 8,
        left: 8,
        zIndex: 2000,
        px: 2,
        py: 1.5,
        minHeight: tokens.minTarget,
        bgcolor: "background.paper",
        color: "primary.main",
        fontWeight: 700,
        borderRadius: 1,
        transform: "translateY(-200%)",
        "&:focus": { transform: "none" },
      }}
    >
      {t`Skip to content`}
    </Box>
  );
}

/**
 * Puts the current page's title (its route's `head`) on the document. Titles are made in the
 * language of the moment, so a change of language has the router make them again.
 */
function DocumentTitle() {
  const router = useRouter();
  const { i18n } = useLingui();
  const title = useRouterState({ select: (state) => titleOf(state.matches) });
  const titledIn = useRef(i18n.locale);
  useEffect(() => {
    if (titledIn.current === i18n.locale) return;
    titledIn.current = i18n.locale;
    void router.invalidate();
  }, [i18n.locale, router]);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

/**
 * The notices (src/app-notices.tsx), loaded once the page is live: none of them is part of the
 * prerendered page, and their code and the service-worker client need not delay it. Shown
 * earlier, on a page React does not have all of yet, their buttons might not answer.
 */
function LateNotices() {
  const live = usePageLive();
  const [Notices, setNotices] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!live) return;
    let active = true;
    // Among them is the warning that this device could not save: their code is asked for until
    // it comes, and a save that failed before is told to them then.
    void loadUntilLoaded(() => import("@/app-notices"))().then(
      // In slices: the notices are news, not something to stop the page for.
      (module) => active && startTransition(() => setNotices(() => module.default)),
    );
    return () => {
      active = false;
    };
  }, [live]);
  return Notices ? <Notices /> : null;
}

/**
 * The header, drawn afresh at each kiosk privacy reset between patients: whatever the last patient
 * left open in it (the language menu, the phone menu, the staff's exit dialog) is gone for the
 * next one. The pages go with the reset's move to the home page, which opens nothing by itself.
 */
function Header() {
  const { resets } = useKiosk();
  return <SiteHeader key={resets} actions={<ExitKioskControl />} />;
}

function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <SkipLink />
      {/* Each part hydrates on its own (issue 22): a prerendered page is taken over in several
          short steps, not in one long one. */}
      <HydrationPart>
        <Header />
      </HydrationPart>
      <Box
        component="main"
        id={mainContentId}
        tabIndex={-1}
        sx={{ pt: `${tokens.headerHeight}px`, outline: "none", minHeight: "100vh" }}
      >
        {/* Live once the route's content is (see src/router.ts). */}
        <HydrationPart liveWhen="content-says">
          <Outlet />
        </HydrationPart>
      </Box>
      <HydrationPart>
        <SiteFooter />
      </HydrationPart>
      <LateNotices />
      <KioskMode />
    </>
  );
}

/**
 * The router's error view. The usual cause on a first visit is the page's own code failing to
 * arrive over a dropped connection, so it says so and offers to load the page again.
 */
function RootError() {
  return (
    <Container maxWidth="md" sx={{ py: 10 }}>
      <Typography variant="h1" component="h1">
        <Trans>Unexpected Application Error!</Trans>
      </Typography>
      <Typography sx={{ mt: 3, fontSize: "1.125rem" }}>
        <Trans>
          Part of the page could not be loaded, perhaps because the connection dropped. Check the
          connection and try again.
        </Trans>
      </Typography>
      <TryAgainButton variant="contained" sx={{ mt: 3 }} />
    </Container>
  );
}
