import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import EmailIcon from "@mui/icons-material/Email";
import SupportAgentIcon from "@mui/icons-material/SupportAgent";
import { ButtonLink } from "@/components/router-link";
import { entranceAnimation } from "@/features/marketing/entrance-animation";
import { CardList } from "@/components/card-list";
import { MarketingSection } from "@/features/marketing/marketing-section";
import { SupportContact } from "@/features/marketing/support-contact";

/** Email and phone support, as offered on the home page. */
export function SupportCards() {
  const { t } = useLingui();
  return (
    <MarketingSection
      estimate={{ xs: 900, sm: 800, md: 550, lg: 550 }}
      title={t`We are here to help`}
      subtitle={t`Questions about Dauys, the pilot or a partnership? Reach us the way that suits you.`}
    >
      <CardList minWidth={400}>
        <Box component="li" sx={{ display: "flex" }}>
          <Card variant="outlined" sx={{ flex: 1, ...entranceAnimation(0) }}>
            <CardContent sx={{ p: 3 }}>
              <EmailIcon color="primary" fontSize="large" />
              <Typography variant="h3" component="h3" sx={{ mt: 1 }} gutterBottom>
                {t`Email Support`}
              </Typography>
              <Typography color="text.secondary">{t`We respond within 24 hours.`}</Typography>
              <SupportContact kind="email" />
            </CardContent>
          </Card>
        </Box>
        <Box component="li" sx={{ display: "flex" }}>
          <Card variant="outlined" sx={{ flex: 1, ...entranceAnimation(1) }}>
            <CardContent sx={{ p: 3 }}>
              <SupportAgentIcon color="primary" fontSize="large" />
              <Typography variant="h3" component="h3" sx={{ mt: 1 }} gutterBottom>
                {t`Phone Support`}
              </Typography>
              <Typography color="text.secondary">{t`Available 24/7.`}</Typography>
              <SupportContact kind="phone" />
              <Box sx={{ mt: 2 }}>
                <ButtonLink to="/contact" variant="contained">
                  {t`Schedule Call`}
                </ButtonLink>
              </Box>
            </CardContent>
          </Card>
        </Box>
      </CardList>
    </MarketingSection>
  );
}
