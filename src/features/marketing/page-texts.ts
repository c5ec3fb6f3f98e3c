/**
 * The words the build writes around the app rather than into it (scripts/build/prerender.ts):
 * each page's description and what it says to a browser without JavaScript, and the app's name,
 * description and shortcuts in each language's manifest (src/shared/app-manifest.ts). Their
 * messages are a catalog part no route loads (src/shared/catalog-parts.ts): no page carries them.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { brand } from "@/lib/brand";
import type { ManifestTexts } from "@/shared/app-manifest";

const name = brand.name;
const description = msg`${name} turns unclear speech into clear text and adaptive audio, and offers speech recovery lessons, in six languages.`;

/**
 * A page's `<meta name="description">` and `<noscript>`, and what the page's loader says when the
 * app could not start in it (src/page-scripts/app-loader.ts), in the active language of `i18n`.
 */
export function pageTexts(i18n: I18n) {
  return {
    description: i18n._(description),
    noscript: i18n._(
      msg`You can read this page, but ${name} needs JavaScript to record speech, make audio and send messages. Turn JavaScript on in your browser to use it.`,
    ),
    startFailed: i18n._(
      msg`This page could not finish loading, so its buttons do not work yet. You can still read it and follow its links.`,
    ),
    tryAgain: i18n._(msg`Try again`),
    waitingForConnection: i18n._(msg`It finishes loading by itself once the connection is back.`),
  };
}

/** The manifest's words in the active language of `i18n`. */
export function manifestTexts(i18n: I18n): ManifestTexts {
  // The shortcuts are named as the pages are titled, and shortly as the menu names them.
  const shortcut = (title: MessageDescriptor, shortName: MessageDescriptor) => ({
    name: i18n._(title),
    short_name: i18n._(shortName),
  });
  return {
    name: i18n._(msg`${name}: speech assistant`),
    description: i18n._(description),
    shortcuts: {
      "/recognition": shortcut(msg`Speech Recognition`, msg`Recognition`),
      "/talk": shortcut(msg`Talk`, msg`Talk`),
      "/recovery": shortcut(msg`Speech Recovery`, msg`Recovery`),
    },
  };
}
