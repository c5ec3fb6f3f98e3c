import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { features } from "@/features/marketing/content";
import { entranceAnimation } from "@/features/marketing/entrance-animation";
import { CardList } from "@/components/card-list";
import { MarketingSection } from "@/features/marketing/marketing-section";

export function FeatureGrid() {
  const { t, i18n } = useLingui();
  return (
    <MarketingSection
      estimate={{ xs: 2300, sm: 1800, md: 1200, lg: 950 }}
      title={t`What Dauys does`}
      subtitle={t`Everything a person with unclear speech needs to be understood and to keep improving.`}
    >
      <CardList minWidth={320}>
        {features.map((feature, index) => {
          const Icon = feature.icon;
          return (
            <Box component="li" key={feature.id} sx={{ display: "flex" }}>
              <Card
                variant="outlined"
                sx={{
                  flex: 1,
                  borderTop: 4,
                  borderTopColor: feature.color,
                  ...entranceAnimation(index),
                }}
              >
                <CardContent sx={{ p: 3 }}>
                  <Box
                    sx={{
                      width: 56,
                      height: 56,
                      borderRadius: 2,
                      display: "grid",
                      placeItems: "center",
                      bgcolor: feature.color,
                      color: "#fff",
                      mb: 2,
                    }}
                  >
                    <Icon fontSize="large" />
                  </Box>
                  <Typography variant="h3" component="h3" gutterBottom>
                    {i18n._(feature.title)}
                  </Typography>
                  <Typography color="text.secondary">{i18n._(feature.description)}</Typography>
                </CardContent>
              </Card>
            </Box>
          );
        })}
      </CardList>
    </MarketingSection>
  );
}
