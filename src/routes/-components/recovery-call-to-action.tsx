import { useId } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ButtonLink } from "@/components/router-link";
import { tokens } from "@/theme/tokens";

/** The closing invitation of the Speech Recovery page: leave a request on the contact page. */
export function RecoveryCallToAction() {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 3, md: 5 },
        borderRadius: 3,
        color: "#ffffff",
        background: `linear-gradient(135deg, ${tokens.color.primary}, ${tokens.color.primaryDark})`,
        textAlign: "center",
      }}
    >
      <Typography variant="h2" component="h2" id={headingId} gutterBottom>
        {t`Ready to start your recovery?`}
      </Typography>
      <Typography sx={{ fontSize: "1.125rem", maxWidth: 640, mx: "auto", mb: 3 }}>
        {t`Leave a request and our specialists will help you choose the lessons and exercises that suit you.`}
      </Typography>
      <ButtonLink
        to="/contact"
        variant="contained"
        size="large"
        sx={{
          bgcolor: "#ffffff",
          color: "primary.dark",
          "&:hover": { bgcolor: "#e8f0fa" },
          "&:focus-visible": { outline: "3px solid #ffffff", outlineOffset: 3 },
        }}
      >
        {t`Leave a request`}
      </ButtonLink>
    </Box>
  );
}
