import { createFileRoute } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { Container } from "@/components/container";
import { PageIntro } from "@/components/page-section";
import { PaidFeatureDialog } from "@/components/paid-feature-dialog";
import { LazyOfflineVoiceCard } from "@/features/speech-synthesis/lazy-offline-voice-card";
import { WhenNear } from "@/components/when-near";
import { TalkWorkspace } from "@/features/talk/talk-workspace";
import { msg } from "@lingui/core/macro";
import { activeLanguage, loadCatalogParts } from "@/lib/i18n";
import { pageHead } from "@/lib/page-title";

const title = msg`Talk`;

export const Route = createFileRoute("/talk")({
  head: pageHead(title),
  // The messages of the features this page shows come with it, and the starter phrases of the
  // board it starts with (in the interface's language).
  loader: () => Promise.all([loadCatalogParts(["talk", "speech-synthesis"]), loadStarterBoard()]),
  component: TalkPage,
});

async function loadStarterBoard() {
  const [language, { loadStarterTexts }] = await Promise.all([
    activeLanguage(),
    import("@/features/talk/board/starter-phrases"),
  ]);
  await loadStarterTexts(language ?? "en");
}

// The on-device engine is loaded when the board first needs it, not with the page.
const loadEngine = () => import("@/features/speech-synthesis/device-engine");

function TalkPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 3 }, pb: 6 }}>
        <PageIntro
          title={i18n._(title)}
          lead={t`Tap a phrase or type what you want to say, and this device says it aloud, clearly, even without a connection.`}
        />
        <TalkWorkspace
          loadEngine={loadEngine}
          offlineVoice={(language) => (
            <WhenNear orWhenIdle>
              <LazyOfflineVoiceCard language={language} />
            </WhenNear>
          )}
        />
      </Container>
      <PaidFeatureDialog
        message={t`Talk is available in the paid version. Leave a request and be among the first to try it!`}
      />
    </>
  );
}
