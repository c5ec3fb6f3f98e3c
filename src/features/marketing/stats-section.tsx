import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { stats } from "@/features/marketing/content";
import { entranceAnimation } from "@/features/marketing/entrance-animation";
import { CardList } from "@/components/card-list";
import { MarketingSection } from "@/features/marketing/marketing-section";

export function StatsSection() {
  const { t, i18n } = useLingui();
  return (
    <MarketingSection
      title={t`Dauys in numbers`}
      tinted
      estimate={{ xs: 1150, sm: 700, md: 750, lg: 500 }}
    >
      <CardList minWidth={220}>
        {stats.map((stat, index) => (
          <Box
            component="li"
            key={stat.id}
            sx={{
              textAlign: "center",
              p: 3,
              borderRadius: 3,
              bgcolor: "background.default",
              ...entranceAnimation(index),
            }}
          >
            <Typography
              component="p"
              sx={{ fontSize: "2.75rem", fontWeight: 800, lineHeight: 1.1, color: "primary.main" }}
            >
              {typeof stat.value === "function" ? stat.value(i18n.locale) : i18n._(stat.value)}
            </Typography>
            <Typography variant="h3" component="h3" sx={{ mt: 1 }}>
              {i18n._(stat.label)}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {i18n._(stat.description)}
            </Typography>
          </Box>
        ))}
      </CardList>
    </MarketingSection>
  );
}
