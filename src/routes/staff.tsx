import { lazy, Suspense, useState } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { Container } from "@/components/container";
import Typography from "@mui/material/Typography";
import { PageHeading } from "@/components/page-section";
import { useOnlineStatus } from "@/lib/use-online-status";
import { msg } from "@lingui/core/macro";
import type { Messages } from "@lingui/core";
import { withOwnCatalogPart } from "@/lib/i18n";
import { pageHead } from "@/lib/page-title";
import { Alert } from "@/components/alert";

// The inbox itself is not kept for offline use (vite.config.ts leaves it out of the precache):
// it needs the server anyway, and patients' devices never need it. Its messages come with it,
// and so do their catalogs' loaders, which every other page would otherwise carry.
const StaffInbox = lazy(() =>
  withOwnCatalogPart(
    "staff",
    import.meta.glob<{ messages: Messages }>("/locales/*/staff.po"),
    import("@/features/staff/staff-inbox"),
  ).then((module) => ({ default: module.StaffInbox })),
);

/** The staff inbox: not linked from the site, not precached, not indexed. */
const title = msg`Staff inbox`;

export const Route = createFileRoute("/staff")({
  head: pageHead(title),
  component: StaffPage,
});

function StaffPage() {
  const { t, i18n } = useLingui();
  const online = useOnlineStatus();
  // Once the inbox has come, it stays through a moment without connection, and says so itself:
  // taken away, it took with it the search typed, the pages shown and the focus, on every blip
  // of the clinic's Wi-Fi.
  const [started, setStarted] = useState(online);
  if (online && !started) setStarted(true);
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <PageHeading title={i18n._(title)}>
        <Typography sx={{ fontSize: "1.125rem", maxWidth: 760 }}>
          {t`Contact requests sent through the site, newest first.`}
        </Typography>
      </PageHeading>
      <Container maxWidth="lg" sx={{ py: 4 }}>
        {started ? (
          <Suspense fallback={<Typography role="status">{t`Loading…`}</Typography>}>
            <StaffInbox />
          </Suspense>
        ) : (
          <Alert severity="info">
            {t`The staff inbox needs a connection to the server. Connect to the internet and open it again.`}
          </Alert>
        )}
      </Container>
    </>
  );
}
