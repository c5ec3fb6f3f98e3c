import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { Container } from "@/components/container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import MicIcon from "@mui/icons-material/Mic";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import PlayCircleIcon from "@mui/icons-material/PlayCircle";
import { HydrationPart } from "@/components/hydration-part";
import { ButtonLink } from "@/components/router-link";
import { brand } from "@/lib/brand";
import { NewTabHint } from "@/components/new-tab-hint";
import { ButtonAnchor } from "@/components/button";

/** The home page's opening: the one h1 (the page's title), the product's purpose, and the two first actions. */
export function HomeHero({ headline }: { headline: string }) {
  const { t } = useLingui();

  return (
    <Box
      component="section"
      aria-labelledby="home-headline"
      sx={{
        py: { xs: 6, md: 10 },
        background: "linear-gradient(180deg, #e8f1fb 0%, rgba(246, 248, 251, 0) 100%)",
      }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: "grid",
          gap: { xs: 5, md: 6 },
          gridTemplateColumns: { xs: "1fr", md: "7fr 5fr" },
          alignItems: "center",
        }}
      >
        <div>
          <Typography id="home-headline" variant="h1" component="h1" gutterBottom>
            {headline}
          </Typography>
          <Typography sx={{ fontSize: { xs: "1.125rem", md: "1.25rem" }, mb: 4, maxWidth: 640 }}>
            {t`Dauys recognises unclear speech after cerebral palsy, Parkinson's disease or a stroke and turns it into clear text and adaptive audio, so that nobody is shut out of the conversation and social isolation ends.`}
          </Typography>
          <HydrationPart>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <ButtonLink to="/contact" variant="contained" size="large">
                {t`Get Started`}
              </ButtonLink>
              <ButtonAnchor
                variant="outlined"
                size="large"
                href={brand.demoVideoUrl}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<PlayCircleIcon />}
                endIcon={<OpenInNewIcon />}
              >
                {t`Watch Demo`}
                <NewTabHint />
              </ButtonAnchor>
            </Stack>
          </HydrationPart>
        </div>
        <HydrationPart>
          <DemoCard />
        </HydrationPart>
      </Container>
    </Box>
  );
}

const termStyle = {
  display: "flex",
  alignItems: "center",
  gap: 1,
  fontWeight: 700,
  color: "text.secondary",
} as const;

// Never under the body's size, nor too large for a phone's card: at 200 % text, Uzbek
// "ketmoqchiman" was wider than the card.
const definitionStyle = {
  m: 0,
  mt: 1,
  p: 2,
  borderRadius: 2,
  fontSize: "clamp(1rem, 7vw, 1.25rem)",
} as const;

/** The garbled input next to what Dauys makes of it: the product in one glance. */
function DemoCard() {
  const { t } = useLingui();
  return (
    <Card
      component="figure"
      aria-labelledby="demo-card-title"
      variant="outlined"
      sx={{ m: 0, borderRadius: 3, boxShadow: 3 }}
    >
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography id="demo-card-title" component="figcaption" variant="h3" sx={{ mb: 3 }}>
          {t`How Dauys helps`}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Typography component="dt" sx={termStyle}>
            <MicIcon color="primary" aria-hidden="true" />
            {t`What was said`}
          </Typography>
          <Typography
            component="dd"
            sx={{ ...definitionStyle, bgcolor: "#fdf1f0", fontStyle: "italic" }}
          >
            {t`I wnt t go hm`}
          </Typography>
          <Typography component="dt" sx={{ ...termStyle, mt: 3 }}>
            <CheckCircleIcon color="success" aria-hidden="true" />
            {t`What Dauys understood`}
          </Typography>
          <Typography
            component="dd"
            sx={{ ...definitionStyle, bgcolor: "#eaf5ec", fontWeight: 700 }}
          >
            {t`I want to go home`}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
