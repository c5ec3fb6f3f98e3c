/**
 * MUI components that navigate with TanStack Router: typed `to` (a mistyped path fails the type
 * check), client-side navigation, and the router's `aria-current="page"` on the active link.
 */
import { createLink, type LinkComponent } from "@tanstack/react-router";
import MuiButton, { type ButtonProps } from "@mui/material/Button";
import MuiLink, { type LinkProps as MuiLinkProps } from "@mui/material/Link";

function ButtonAnchor(props: ButtonProps<"a">) {
  return <MuiButton component="a" {...props} />;
}

function TextAnchor(props: MuiLinkProps) {
  return <MuiLink {...props} />;
}

const CreatedButtonLink = createLink(ButtonAnchor);
const CreatedTextLink = createLink(TextAnchor);

export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);

export const TextLink: LinkComponent<typeof TextAnchor> = (props) => (
  <CreatedTextLink preload="intent" {...props} />
);
