import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { Container } from "@/components/container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ButtonLink } from "@/components/router-link";
import { tokens } from "@/theme/tokens";

// The theme's blue focus ring would vanish on this dark band; white stays visible.
const focusOnDark = { "&.Mui-focusVisible, &:focus-visible": { outline: "3px solid #fff" } };

/** The home page's closing invitation: both actions lead to the contact form. */
export function CallToAction() {
  const { t } = useLingui();
  return (
    <Box
      component="section"
      aria-labelledby="call-to-action-title"
      sx={{ py: { xs: 6, md: 8 }, bgcolor: tokens.color.primaryDark, color: "#fff" }}
    >
      <Container maxWidth="md" sx={{ textAlign: "center" }}>
        <Typography id="call-to-action-title" variant="h2" component="h2" gutterBottom>
          {t`Ready to be understood?`}
        </Typography>
        <Typography sx={{ fontSize: "1.125rem", mb: 4 }}>
          {t`Join the pilot, or ask us how Dauys can help your patients, your clinic or your family.`}
        </Typography>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ justifyContent: "center" }}
        >
          <ButtonLink
            to="/contact"
            variant="contained"
            size="large"
            sx={{
              bgcolor: "#fff",
              color: tokens.color.primaryDark,
              "&:hover": { bgcolor: "#e8f1fb" },
              ...focusOnDark,
            }}
          >
            {t`Get Started Today`}
          </ButtonLink>
          <ButtonLink
            to="/contact"
            variant="outlined"
            size="large"
            sx={{
              color: "#fff",
              borderColor: "#fff",
              "&:hover": { borderColor: "#fff" },
              ...focusOnDark,
            }}
          >
            {t`Schedule Consultation`}
          </ButtonLink>
        </Stack>
      </Container>
    </Box>
  );
}
