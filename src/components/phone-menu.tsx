/** The phone menu: the site's links under the bar when they do not fit in it. */
import { useEffect, useState, type FocusEvent, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { keyframes } from "@mui/material/styles";
import { Container } from "@/components/container";
import { activeStyle, menuOnly, type NavItem } from "@/components/nav-layout";
import { ButtonLink } from "@/components/router-link";
import { focusMainContent } from "@/lib/main-content";

/** Whether `node` is inside one of `parts`. */
const isWithin = (node: unknown, ...parts: RefObject<HTMLElement | null>[]) =>
  node instanceof Node && parts.some((part) => part.current?.contains(node));

/**
 * The phone menu's state. It belongs to the page it was opened on: any way of leaving that page
 * (the logo, a link in the page, Back) closes it. The open menu covers the top of the page, so it
 * gives way as soon as the user turns to the page: a tap or click outside it, or focus moving on
 * past it. Escape closes it too and puts focus back on its button, where a keyboard user expects
 * to be.
 */
export function usePhoneMenu(
  toggleRef: RefObject<HTMLButtonElement | null>,
  menuRef: RefObject<HTMLElement | null>,
) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const open = menuOpenOn === pathname;
  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!isWithin(event.target, toggleRef, menuRef)) setMenuOpenOn(null);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setMenuOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("click", closeOnOutsideClick, true);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("click", closeOnOutsideClick, true);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open, toggleRef, menuRef]);
  const close = () => setMenuOpenOn(null);
  return {
    open,
    close,
    toggle: () => setMenuOpenOn(open ? null : pathname),
    closeWhenFocusLeaves: (event: FocusEvent) => {
      // Focus going nowhere (a tap on plain text, say) is left to the click handler above.
      if (event.relatedTarget && !isWithin(event.relatedTarget, toggleRef, menuRef)) close();
    },
  };
}

/** The phone menu slides down from under the bar (not at all for those who ask for less motion). */
const menuOpening = keyframes({
  from: { opacity: 0, transform: "translateY(-8px)" },
  to: { opacity: 1, transform: "none" },
});

/** The links as the phone menu lists them, under the bar. */
export function PhoneMenu({
  menu,
  menuRef,
  navItems,
}: {
  menu: ReturnType<typeof usePhoneMenu>;
  menuRef: RefObject<HTMLElement | null>;
  navItems: NavItem[];
}) {
  const { t } = useLingui();
  if (!menu.open) return null;
  // The link pressed goes with the menu: the focus goes to the page it leads to, where "Skip to
  // content" would take it, rather than to the top of the document.
  const go = () => {
    menu.close();
    focusMainContent();
  };
  return (
    <Box
      sx={[
        menuOnly("block"),
        // A phone on its side, or large text: the menu is taller than the screen under the bar
        // (however tall large text makes the bar), and scrolls instead of leaving its last links
        // out of reach.
        {
          animation: `${menuOpening} 200ms ease-out`,
          minHeight: 0,
          overflowY: "auto",
        },
      ]}
    >
      {/* Lined up with the bar, also on a tablet or a wide screen whose bar is too full. */}
      <Container
        component="nav"
        maxWidth="lg"
        ref={menuRef}
        id="mobile-menu"
        aria-label={t`Main`}
        onBlur={menu.closeWhenFocusLeaves}
        sx={{ pb: 2 }}
      >
        <Stack spacing={1}>
          {navItems.map((item) => (
            <ButtonLink
              key={item.to}
              to={item.to}
              color="inherit"
              onClick={go}
              sx={{ justifyContent: "flex-start", ...activeStyle }}
            >
              {item.label}
            </ButtonLink>
          ))}
          <ButtonLink to="/contact" variant="contained" onClick={go}>
            {t`Get Started`}
          </ButtonLink>
          <ButtonLink to="/contact" variant="outlined" onClick={go}>
            {t`Sign In`}
          </ButtonLink>
        </Stack>
      </Container>
    </Box>
  );
}
