/**
 * Our button-like link and text link, that navigate with TanStack Router: typed `to` (a mistyped path fails the type
 * check), client-side navigation, and the router's `aria-current="page"` on the active link.
 */
import { createLink, type LinkComponent } from "@tanstack/react-router";
import type { ComponentProps } from "react";
import { Anchor } from "@/components/anchor";
import { ButtonAnchor } from "@/components/button";

function TextAnchor(props: ComponentProps<typeof Anchor>) {
  return <Anchor {...props} />;
}

const CreatedButtonLink = createLink(ButtonAnchor);
const CreatedTextLink = createLink(TextAnchor);

export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);

export const TextLink: LinkComponent<typeof TextAnchor> = (props) => (
  <CreatedTextLink preload="intent" {...props} />
);
