import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { Container } from "@/components/container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { LogoMark } from "@/components/logo";
import { NewTabHint } from "@/components/new-tab-hint";
import { brand } from "@/lib/brand";
import { Anchor } from "@/components/anchor";

export function SiteFooter() {
  const { t } = useLingui();
  const year = brand.copyrightYear;
  const name = brand.name;
  return (
    <Box
      component="footer"
      sx={{ mt: 8, py: 4, borderTop: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <LogoMark size={28} />
            <Typography sx={{ fontWeight: 800 }}>{brand.name}</Typography>
          </Stack>
          <Anchor
            href={brand.socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-external-link
            sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, minHeight: 44 }}
          >
            {t`Follow us on social media`}
            <OpenInNewIcon fontSize="small" />
            <NewTabHint />
          </Anchor>
          <Typography color="text.secondary">
            {t`© ${year} ${name}. All rights reserved.`}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
