/**
 * The catalogs of messages beside the main one: each holds the messages of one feature, which
 * only the routes that show it load (lingui.config.ts, src/lib/i18n.ts).
 */
export const catalogParts = [
  "marketing",
  "talk",
  "talk-panels",
  "lessons",
  "recognition",
  "recognition-problems",
  "outbox-refusals",
  "app-updates",
  "recognition-audio",
  "speech-synthesis",
  "staff",
  "contact-form-answer",
  "page-texts",
  "kiosk-dialogs",
  "kiosk-notices",
] as const;

export type CatalogPart = (typeof catalogParts)[number];

/**
 * A part is the messages of its feature folder (`src/features/<part>`), unless it lists its
 * files here: those leave the folder's part. Talk's panels under the board come when the reader
 * nears them (src/features/talk/talk-workspace.tsx), and their messages with them; so do the
 * board's editing, the panel of what was said and the listener's view, each when first needed.
 */
export const catalogPartFiles: Partial<Record<CatalogPart, readonly string[]>> = {
  "talk-panels": [
    "talk/my-voice/my-voice-panel.tsx",
    "talk/my-voice/my-voice-answers.tsx",
    "talk/my-voice/taught-phrase-row.tsx",
    "talk/my-voice/teach-voice-dialog.tsx",
    "talk/my-voice/voice-meter.tsx",
    "talk/my-voice/microphone-problem-text.ts",
    "talk/my-voice/take-pace-settings.tsx",
    "talk/speaking/type-to-speak.tsx",
    "talk/history/talk-history.tsx",
    "talk/backup/board-backup.tsx",
    "talk/backup/open-board-transfer.tsx",
    "talk/backup/open-board-outcome.tsx",
    "talk/backup/board-language-words.ts",
    "talk/scanning/scan-settings-panel.tsx",
    "talk/scanning/switch-scanning.tsx",
    "talk/scanning/scan-choice-dialog.tsx",
    "talk/backup/replace-dialog.tsx",
    "talk/board/board-editing.tsx",
    "talk/board/board-look-settings.tsx",
    "talk/board/phrase-dialog.tsx",
    "talk/board/phrase-picture-field.tsx",
    "talk/board/symbol-picker.tsx",
    "talk/speaking/said-panel.tsx",
    "talk/speaking/listener-view.tsx",
  ],
  // What went wrong with a recording, told only once one began (recording-panel.tsx).
  "recognition-problems": ["recognition/recognition-problem-alert.tsx"],
  // The news that a request which had to wait was refused: told on any page, rarely
  // (contact/outbox-news.tsx fetches them with the first such news).
  "outbox-refusals": ["contact/refused-requests-notice.tsx"],
  // The text and adaptive-audio panels, shown once there is text: their words come with their
  // code (recognition-workspace.tsx), not with the page's first load.
  "recognition-audio": [
    "recognition/recognized-text-panel.tsx",
    "recognition/adaptive-audio-panel.tsx",
  ],
  // The server's answer to the contact form sent without the app: the build writes it out,
  // the app never shows it (left out of the app's catalogs: src/lib/i18n.ts).
  "contact-form-answer": ["contact/contact-form-answer-texts.ts"],
  // What the build writes into the pages' heads and the manifests (the app never shows it,
  // as the part above).
  "page-texts": ["marketing/page-texts.ts"],
  // The kiosk's dialogs (staff's PIN set-up and exit, the idle countdown) and its header controls
  // ("I have finished", the lock): every page restores kiosk mode, only a kiosk draws them. Their
  // words come with their code (kiosk/kiosk-dialog-words.ts).
  "kiosk-dialogs": [
    "kiosk/pin-setup-dialog.tsx",
    "kiosk/exit-kiosk-dialog.tsx",
    "kiosk/kiosk-header-controls.tsx",
    "kiosk/idle-countdown-dialog.tsx",
  ],
  // The kiosk's notices (on, off, ready for the next person, not erased…): every page restores
  // kiosk mode and could show one, few ever do. Their words come with the toast's code
  // (kiosk/kiosk-toast.tsx).
  "kiosk-notices": ["kiosk/kiosk-toast.tsx"],
};
