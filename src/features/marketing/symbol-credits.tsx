import { Trans, useLingui } from "@lingui/react/macro";
import Typography from "@mui/material/Typography";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Anchor } from "@/components/anchor";
import { Container } from "@/components/container";
import { NewTabHint } from "@/components/new-tab-hint";

// As the footer's link that opens a new tab: the icon says so to the eye, NewTabHint in words.
const linkStyle = {
  display: "inline-flex",
  alignItems: "center",
  gap: 0.5,
  minHeight: 44,
} as const;

/** The credit OpenMoji's licence (CC BY-SA 4.0) asks for, and where the symbols' words are from. */
export function SymbolCredits() {
  const { t } = useLingui();
  const openMoji = (
    <Anchor href="https://openmoji.org/" target="_blank" rel="noopener noreferrer" sx={linkStyle}>
      OpenMoji
      <OpenInNewIcon fontSize="small" />
      <NewTabHint />
    </Anchor>
  );
  const licence = (
    <Anchor
      href="https://creativecommons.org/licenses/by-sa/4.0/"
      target="_blank"
      rel="noopener noreferrer"
      sx={linkStyle}
    >
      CC BY-SA 4.0
      <OpenInNewIcon fontSize="small" />
      <NewTabHint />
    </Anchor>
  );
  return (
    <Container
      maxWidth="md"
      component="section"
      aria-labelledby="about-credits-title"
      sx={{ py: 4 }}
    >
      <Typography id="about-credits-title" variant="h2" component="h2" gutterBottom>
        {t`Pictures`}
      </Typography>
      <Typography sx={{ fontSize: "1.125rem" }}>
        <Trans>
          The pictures on Talk's phrase board are emoji designed by {openMoji}, the open-source
          emoji and icon project, licensed under {licence}. The words that find them are the Unicode
          CLDR's.
        </Trans>
      </Typography>
    </Container>
  );
}
