import type { ReactNode, Ref } from "react";
import Box from "@mui/material/Box";
import { SectionPanel } from "@/components/section-panel";
import { lazyPart } from "@/components/lazy-part";
import { WhenNear } from "@/components/when-near";
import { withCatalogParts } from "@/lib/i18n";
import { drawnWhenNear } from "@/theme/drawn-when-near";

/** The panels' code with their messages (the talk-panels catalog part). */
const withMessages = <Module,>(module: Promise<Module>) =>
  withCatalogParts(["talk-panels"], module);

/**
 * The panels under the board come with their code when the reader nears them, or once the page
 * is live and the browser idle (issue 22): a patient opening Talk wants the board, and it is
 * live without waiting for them.
 */
export const MyVoicePanel = lazyPart(() =>
  withMessages(import("@/features/talk/my-voice/my-voice-panel")).then(
    (module) => module.MyVoicePanel,
  ),
);
export const TypeToSpeakSection = lazyPart(() =>
  withMessages(import("@/features/talk/speaking/type-to-speak")).then(
    (module) => module.TypeToSpeakSection,
  ),
);
/** The history holds things said in any language: each one's board is looked at (and pinned to). */
export const HistorySection = lazyPart(() =>
  Promise.all([
    withMessages(import("@/features/talk/history/talk-history")),
    import("@/features/talk/board/starter-phrases").then((module) => module.loadAllStarterTexts()),
  ]).then(([module]) => module.HistorySection),
);
export const BoardBackup = lazyPart(() =>
  withMessages(import("@/features/talk/backup/board-backup")).then((module) => module.BoardBackup),
);
export const ScanSettingsPanel = lazyPart(() =>
  withMessages(import("@/features/talk/scanning/scan-settings-panel")).then(
    (module) => module.ScanSettingsPanel,
  ),
);
/** Switch scanning comes with its code once it is turned on; most users never load it. */
export const SwitchScanning = lazyPart(() =>
  withMessages(import("@/features/talk/scanning/switch-scanning")).then(
    (module) => module.SwitchScanning,
  ),
);

/** A panel under the board whose content comes later (see above). */
export function LaterPanel({
  title,
  ref,
  children,
}: {
  title: string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <Box ref={ref} sx={drawnWhenNear(600)}>
      <SectionPanel compact title={title}>
        <WhenNear orWhenIdle>{children}</WhenNear>
      </SectionPanel>
    </Box>
  );
}
