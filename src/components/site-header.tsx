import { useRef, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import MenuIcon from "@mui/icons-material/Menu";
import CloseIcon from "@mui/icons-material/Close";
import { Container } from "@/components/container";
import { IconButton } from "@/components/icon-button";
import {
  activeStyle,
  barMarginStyle,
  brandNameStyle,
  linksOnly,
  menuOnly,
  offlineLabelStyle,
  useNavLayout,
  type NavItem,
} from "@/components/nav-layout";
import { PhoneMenu, usePhoneMenu } from "@/components/phone-menu";
import { ButtonLink } from "@/components/router-link";
import { OfflineIndicator } from "@/components/offline-indicator";
import { LanguageSwitcher } from "@/components/language-switcher";
import { LogoMark } from "@/components/logo";
import { brand } from "@/lib/brand";
import { tokens } from "@/theme/tokens";

/** `actions`: extra controls at the end of the bar (the root puts the kiosk exit button there). */
export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useLingui();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const menu = usePhoneMenu(toggleRef, menuRef);
  const headerRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // The menu goes with its button: when the links take the button's place (a tablet turned to
  // landscape), it closes rather than opening again when the tablet is turned back.
  useNavLayout(headerRef, barRef, () => {
    if (toggleRef.current?.getClientRects().length === 0) menu.close();
  });

  const navItems: NavItem[] = [
    { to: "/about", label: t`About` },
    { to: "/contact", label: t`Contact` },
    { to: "/recognition", label: t`Recognition` },
    { to: "/talk", label: t`Talk` },
    { to: "/recovery", label: t`Recovery` },
  ];

  return (
    <Box
      component="header"
      ref={headerRef}
      sx={{
        position: "fixed",
        insetInline: 0,
        top: 0,
        // The bar, then the phone menu in what is left of the screen (phone-menu.tsx).
        display: "flex",
        flexDirection: "column",
        maxHeight: "100dvh",
        zIndex: "appBar",
        borderBottom: 1,
        borderColor: "divider",
        backgroundColor: "background.paper",
      }}
    >
      <Container maxWidth="lg" sx={barMarginStyle}>
        <Box
          ref={barRef}
          // Nothing wraps or shrinks: a bar that does not fit takes the next of navLayouts.
          sx={{
            display: "flex",
            alignItems: "center",
            minHeight: tokens.headerHeight,
            gap: 1,
            whiteSpace: "nowrap",
            "& > *": { flexShrink: 0 },
          }}
        >
          <ButtonLink
            to="/"
            color="inherit"
            activeOptions={{ exact: true }}
            sx={{ px: 1, gap: 1, fontSize: "1.25rem", fontWeight: 800 }}
          >
            <LogoMark />
            <Box component="span" sx={brandNameStyle}>
              {brand.name}
            </Box>
          </ButtonLink>
          <Box component="nav" aria-label={t`Main`} sx={[linksOnly("flex"), { gap: 0.5, ml: 2 }]}>
            {navItems.map((item) => (
              <ButtonLink
                key={item.to}
                to={item.to}
                color="inherit"
                sx={{ paddingInline: 1.5, ...activeStyle }}
              >
                {item.label}
              </ButtonLink>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <OfflineIndicator labelSx={offlineLabelStyle} />
          <LanguageSwitcher />
          {actions}
          <ButtonLink
            to="/contact"
            variant="contained"
            sx={linksOnly("inline-flex")}
            data-kiosk-hidden
          >
            {t`Get Started`}
          </ButtonLink>
          <IconButton
            ref={toggleRef}
            sx={menuOnly("inline-flex")}
            aria-label={menu.open ? t`Close menu` : t`Open menu`}
            aria-expanded={menu.open}
            aria-controls="mobile-menu"
            onClick={menu.toggle}
            onBlur={menu.closeWhenFocusLeaves}
          >
            {menu.open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Box>
      </Container>
      <PhoneMenu menu={menu} menuRef={menuRef} navItems={navItems} />
    </Box>
  );
}
