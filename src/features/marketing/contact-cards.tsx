import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import type { ComponentType, ReactNode } from "react";
import BusinessIcon from "@mui/icons-material/Business";
import EmailIcon from "@mui/icons-material/Email";
import HandshakeIcon from "@mui/icons-material/Handshake";
import PhoneIcon from "@mui/icons-material/Phone";
import { TextLink } from "@/components/router-link";
import { brand } from "@/lib/brand";
import { entranceAnimation } from "@/features/marketing/entrance-animation";
import { linkTarget, SupportContact } from "@/features/marketing/support-contact";

/** The contact page's other ways to reach us, beside the form. */
export function ContactCards() {
  const { t } = useLingui();
  return (
    <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 2 }}>
      <InfoCard index={0} icon={EmailIcon} title={t`Email`}>
        <SupportContact kind="email" />
        <Typography color="text.secondary">{t`We respond within 24 hours.`}</Typography>
      </InfoCard>
      <InfoCard index={1} icon={PhoneIcon} title={t`Phone`}>
        <SupportContact kind="phone" />
        <Typography color="text.secondary">{t`Available 24/7.`}</Typography>
      </InfoCard>
      <InfoCard index={2} icon={BusinessIcon} title={t`Headquarters`}>
        <Typography sx={{ fontWeight: 700 }}>
          {brand.headquarters || t`Medical Technology Center`}
        </Typography>
        <Typography color="text.secondary">{t`Serving the CIS region and beyond.`}</Typography>
      </InfoCard>
      <InfoCard index={3} icon={HandshakeIcon} title={t`Partnerships`}>
        <Typography color="text.secondary">
          {t`Clinics, universities and public institutions work with us across the region.`}
        </Typography>
        <TextLink to="/about" sx={linkTarget}>
          {t`See our partners`}
        </TextLink>
      </InfoCard>
    </Box>
  );
}

function InfoCard({
  index,
  icon: Icon,
  title,
  children,
}: {
  index: number;
  icon: ComponentType<SvgIconProps>;
  title: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Card variant="outlined" sx={entranceAnimation(index)}>
        {/* On a 320 px screen the e-mail address, in bold, filled the card's text: a narrower
            padding, and the text allowed to narrow, keep the page from scrolling sideways. With
            large text the text goes below the icon, where its heading has the card's width
            ("Headquarters" broke beside it at 200 % on a phone). */}
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: "flex", flexWrap: "wrap", gap: 2 }}>
          <Icon color="primary" fontSize="large" />
          <Box sx={{ flex: "1 1 11rem", minWidth: 0 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              {title}
            </Typography>
            {children}
          </Box>
        </CardContent>
      </Card>
    </li>
  );
}
