import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import HandshakeIcon from "@mui/icons-material/Handshake";
import PlaceIcon from "@mui/icons-material/Place";
import { partners } from "@/features/marketing/content";
import { entranceAnimation } from "@/features/marketing/entrance-animation";
import { CardList } from "@/components/card-list";
import { MarketingSection } from "@/features/marketing/marketing-section";
import { visuallyHidden } from "@/theme/visually-hidden";

export function PartnersGrid() {
  const { t, i18n } = useLingui();
  return (
    <MarketingSection
      estimate={{ xs: 1650, sm: 1050, md: 1100, lg: 700 }}
      title={t`Partnerships`}
      subtitle={t`We work with healthcare institutions, universities and specialists across the region.`}
      tinted
    >
      <CardList>
        {partners.map((partner, index) => (
          <Box component="li" key={partner.id} sx={{ display: "flex" }}>
            <Card variant="outlined" sx={{ flex: 1, ...entranceAnimation(index) }}>
              <CardContent sx={{ p: 3 }}>
                <HandshakeIcon color="primary" fontSize="large" />
                <Typography
                  variant="h3"
                  component="h3"
                  // Smaller than other card headings: the names are long single words in
                  // Russian and Kazakh ("здравоохранения"), four cards to a row.
                  sx={{ mt: 1, fontSize: "min(1.2rem, var(--h3))" }}
                  gutterBottom
                >
                  {i18n._(partner.name)}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {i18n._(partner.description)}
                </Typography>
                <Typography
                  sx={{ display: "flex", alignItems: "center", gap: 0.5, fontWeight: 600 }}
                >
                  <PlaceIcon fontSize="small" color="primary" />
                  <span>
                    <Box component="span" sx={visuallyHidden}>
                      {`${t`Region:`} `}
                    </Box>
                    {i18n._(partner.region)}
                  </span>
                </Typography>
              </CardContent>
            </Card>
          </Box>
        ))}
      </CardList>
    </MarketingSection>
  );
}
