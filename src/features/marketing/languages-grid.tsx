import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { peopleReached, supportedLanguages } from "@/features/marketing/content";
import { entranceAnimation } from "@/features/marketing/entrance-animation";
import { CardList } from "@/components/card-list";
import { MarketingSection } from "@/features/marketing/marketing-section";

export function LanguagesGrid() {
  const { t, i18n } = useLingui();
  return (
    <MarketingSection
      estimate={{ xs: 1200, sm: 1100, md: 750, lg: 650 }}
      title={t`Languages we speak`}
      subtitle={t`Dauys understands and speaks the languages of Central Asia and the CIS.`}
    >
      <CardList minWidth={300}>
        {supportedLanguages.map((language, index) => (
          <Box component="li" key={language.code} sx={{ display: "flex" }}>
            <Card variant="outlined" sx={{ flex: 1, ...entranceAnimation(index) }}>
              <CardContent sx={{ p: 3, textAlign: "center" }}>
                <Typography variant="h3" component="h3">
                  {i18n._(language.name)}
                </Typography>
                <Typography lang={language.code} color="text.secondary" sx={{ mt: 0.5 }}>
                  {language.nativeName}
                </Typography>
              </CardContent>
            </Card>
          </Box>
        ))}
      </CardList>
      <Box sx={{ textAlign: "center", mt: 5 }}>
        <Typography
          component="p"
          sx={{ fontSize: "3rem", fontWeight: 800, lineHeight: 1.1, color: "primary.main" }}
        >
          {i18n._(peopleReached)}
        </Typography>
        <Typography sx={{ fontSize: "1.125rem" }}>
          {t`people can be reached in these languages`}
        </Typography>
      </Box>
    </MarketingSection>
  );
}
