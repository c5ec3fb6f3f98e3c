/**
 * A part of a page whose code is fetched when it is first rendered (issue 22). Should the code
 * not arrive (a first visit that lost its connection before the service worker had it), the part
 * says so in its place and offers to load the page again; the rest of the page goes on.
 */
import { lazy, type ComponentType } from "react";
import { Trans } from "@lingui/react/macro";
import { Alert } from "@/components/alert";
import { TryAgainButton } from "@/components/try-again-button";

export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy<ComponentType<Props>>(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn("Part of the page could not load:", error);
        return { default: PartUnavailable };
      },
    ),
  );
}

function PartUnavailable() {
  return (
    <Alert severity="warning" action={<TryAgainButton />}>
      <Trans>
        Part of the page could not be loaded, perhaps because the connection dropped. Check the
        connection and try again.
      </Trans>
    </Alert>
  );
}
