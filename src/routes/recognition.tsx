import { createFileRoute } from "@tanstack/react-router";
import { PageIntro } from "@/components/page-section";
import { useLingui } from "@lingui/react/macro";
import { Container } from "@/components/container";
import Stack from "@mui/material/Stack";
import { PaidFeatureDialog } from "@/components/paid-feature-dialog";
import { MultilingualSupport } from "@/features/recognition/multilingual-support";
import { RecognitionWorkspace } from "@/features/recognition/recognition-workspace";
import type { MakeSpeechAudio } from "@/features/recognition/use-speech-audio";
import { LazyOfflineVoiceCard } from "@/features/speech-synthesis/lazy-offline-voice-card";
import { brand } from "@/lib/brand";
import { ButtonLink } from "@/components/router-link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import RecordVoiceOverIcon from "@mui/icons-material/RecordVoiceOver";
import { msg } from "@lingui/core/macro";
import { loadCatalogParts } from "@/lib/i18n";
import { pageHead } from "@/lib/page-title";

const title = msg`Speech Recognition`;

// The code that asks the server (or the device engine) for audio comes when audio is first asked
// for, not with the page, which starts without it (bench:pages' route budget); the service
// worker has it for offline use.
const createSpeechAudio: MakeSpeechAudio = async (request, options) =>
  (await import("@/features/speech-synthesis/create-speech-audio")).createSpeechAudio(
    request,
    options,
  );

export const Route = createFileRoute("/recognition")({
  head: pageHead(title),
  // The messages of the features this page shows come with it.
  loader: () => loadCatalogParts(["recognition", "speech-synthesis"]),
  component: RecognitionPage,
});

function RecognitionPage() {
  const { t, i18n } = useLingui();
  const name = brand.name;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 3 } }}>
        <PageIntro
          title={i18n._(title)}
          lead={t`Speak in your own way: ${name} turns your speech into clear text that you can correct, download, and turn into clear audio for others to hear.`}
        />
        <Stack spacing={{ xs: 3, md: 4 }}>
          <RecognitionWorkspace
            makeSpeechAudio={createSpeechAudio}
            afterResults={(language) => <LazyOfflineVoiceCard language={language} />}
          />
          <TalkInvitation />
          <MultilingualSupport />
        </Stack>
      </Container>
      <PaidFeatureDialog
        message={t`Speech recognition is available in the paid version. Leave a request and be among the first to try it!`}
      />
    </>
  );
}

/** The way to Talk, for when the two steps here (text, then audio) are one too many. */
function TalkInvitation() {
  const { t } = useLingui();
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-label={t`Talk`}
      sx={{
        p: { xs: 2.5, md: 3 },
        display: "flex",
        flexWrap: "wrap",
        gap: 2,
        alignItems: "center",
      }}
    >
      <Typography sx={{ flex: "1 1 320px", fontSize: "1.125rem" }}>
        {t`Want to be heard in one tap? On the Talk screen, tap a ready phrase or type your own, and it is said aloud at once.`}
      </Typography>
      <ButtonLink to="/talk" variant="contained" startIcon={<RecordVoiceOverIcon />}>
        {t`Open Talk`}
      </ButtonLink>
    </Paper>
  );
}
