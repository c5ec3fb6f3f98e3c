import { createFileRoute } from "@tanstack/react-router";
import { PageIntro } from "@/components/page-section";
import { useLingui } from "@lingui/react/macro";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import { PaidFeatureDialog } from "@/components/paid-feature-dialog";
import { MultilingualSupport } from "@/features/recognition/multilingual-support";
import { RecognitionWorkspace } from "@/features/recognition/recognition-workspace";
import { createSpeechAudio } from "@/features/speech-synthesis/create-speech-audio";
import { OfflineVoiceCard } from "@/features/speech-synthesis/offline-voice-card";
import { brand } from "@/lib/brand";

export const Route = createFileRoute("/recognition")({
  component: RecognitionPage,
});

function RecognitionPage() {
  const { t } = useLingui();
  const name = brand.name;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 3 } }}>
        <PageIntro
          title={t`Speech Recognition`}
          lead={t`Speak in your own way: ${name} turns your speech into clear text that you can correct, download, and turn into clear audio for others to hear.`}
        />
        <Stack spacing={{ xs: 3, md: 4 }}>
          <RecognitionWorkspace
            makeSpeechAudio={createSpeechAudio}
            afterResults={(language) => <OfflineVoiceCard language={language} />}
          />
          <MultilingualSupport />
        </Stack>
      </Container>
      <PaidFeatureDialog
        message={t`Speech recognition is available in the paid version. Leave a request and be among the first to try it!`}
      />
    </>
  );
}
