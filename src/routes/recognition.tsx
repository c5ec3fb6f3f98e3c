import { createFileRoute } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { PaidFeatureDialog } from "@/components/paid-feature-dialog";
import { ButtonLink } from "@/components/router-link";
import { MultilingualSupport } from "@/features/recognition/multilingual-support";
import { RecognitionWorkspace } from "@/features/recognition/recognition-workspace";
import { brand } from "@/lib/brand";
import { usePageTitle } from "@/lib/use-page-title";

export const Route = createFileRoute("/recognition")({
  component: RecognitionPage,
});

function RecognitionPage() {
  const { t } = useLingui();
  usePageTitle(t`Speech Recognition`);
  const name = brand.name;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 3 } }}>
        <ButtonLink to="/" startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
          {t`Back to Home`}
        </ButtonLink>
        <Typography variant="h1" component="h1" sx={{ mt: 2, mb: 1.5 }}>
          {t`Speech Recognition`}
        </Typography>
        <Typography sx={{ fontSize: "1.125rem", color: "text.secondary", maxWidth: 760, mb: 4 }}>
          {t`Speak in your own way: ${name} turns your speech into clear text that you can correct, download, and turn into clear audio for others to hear.`}
        </Typography>
        <Stack spacing={{ xs: 3, md: 4 }}>
          <RecognitionWorkspace />
          <MultilingualSupport />
        </Stack>
      </Container>
      <PaidFeatureDialog
        message={t`Speech recognition is available in the paid version. Leave a request and be among the first to try it!`}
      />
    </>
  );
}
