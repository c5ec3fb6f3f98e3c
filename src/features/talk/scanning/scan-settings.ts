/**
 * Switch access's settings, kept per device with Talk's other settings: which scanning (none, one
 * switch that selects while the highlight moves by itself, or two switches, one to move and one to
 * select), how fast the highlight moves, which keys are the switches, whether a tap anywhere on
 * the screen is a switch too, whether each highlight is named aloud, and how soon a second press
 * counts.
 */
import type { ScanOptions } from "@/features/talk/scanning/scan-machine";
import { defaultScanSettings } from "@/features/talk/talk-defaults";

export const scanModes = ["off", "one-switch", "two-switches"] as const;
export type ScanModeSetting = (typeof scanModes)[number];

export type ScanSettings = {
  mode: ScanModeSetting;
  /** How long the highlight stays on each step in one-switch scanning. */
  intervalMs: number;
  /** Full rounds without a choice before one-switch scanning leaves a group (or stops). */
  emptyRounds: number;
  /** The keys, as `KeyboardEvent.code`: the select switch, and the move switch of two-switch scanning. */
  selectKey: string;
  moveKey: string;
  tapAnywhere: boolean;
  spokenCue: boolean;
  /**
   * A second switch press this soon after the last is not taken (0: every press is): a tremor's
   * double press, or a switch that bounces, would otherwise choose twice.
   */
  ignoreRepeatMs: number;
};

export const SCAN_INTERVAL_BOUNDS = { min: 500, max: 5000 } as const;
export const intervalChoicesMs = [500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000] as const;
export const emptyRoundChoices = [1, 2, 3, 4, 5] as const;
export const ignoreRepeatChoicesMs = [0, 250, 500, 1000, 1500] as const;

/** Keys a switch may not be: the ways out of a page and a dialog for everyone else. */
const reservedKeys = new Set(["Tab", "Escape"]);

export const isSwitchKey = (code: unknown): code is string =>
  typeof code === "string" && /^[A-Za-z0-9]{1,32}$/.test(code) && !reservedKeys.has(code);

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** Stored switch settings as the app can use them; anything unusable falls back to the default. */
export function parseScanSettings(value: unknown): ScanSettings {
  const defaults = defaultScanSettings;
  if (typeof value !== "object" || value === null) return defaults;
  const stored = value as Record<string, unknown>;
  const selectKey = isSwitchKey(stored.selectKey) ? stored.selectKey : defaults.selectKey;
  const moveKey =
    isSwitchKey(stored.moveKey) && stored.moveKey !== selectKey
      ? stored.moveKey
      : selectKey === defaults.moveKey
        ? defaults.selectKey
        : defaults.moveKey;
  return {
    mode: scanModes.find((mode) => mode === stored.mode) ?? defaults.mode,
    intervalMs: isWhole(stored.intervalMs, SCAN_INTERVAL_BOUNDS.min, SCAN_INTERVAL_BOUNDS.max)
      ? stored.intervalMs
      : defaults.intervalMs,
    emptyRounds: isWhole(stored.emptyRounds, 1, 5) ? stored.emptyRounds : defaults.emptyRounds,
    selectKey,
    moveKey,
    tapAnywhere:
      typeof stored.tapAnywhere === "boolean" ? stored.tapAnywhere : defaults.tapAnywhere,
    spokenCue: typeof stored.spokenCue === "boolean" ? stored.spokenCue : defaults.spokenCue,
    ignoreRepeatMs:
      ignoreRepeatChoicesMs.find((ms) => ms === stored.ignoreRepeatMs) ?? defaults.ignoreRepeatMs,
  };
}

/** A new key for one switch; the other switch takes the old key when they would clash. */
export function withSwitchKey(
  settings: ScanSettings,
  which: "selectKey" | "moveKey",
  code: string,
): ScanSettings {
  if (!isSwitchKey(code)) return settings;
  const other = which === "selectKey" ? "moveKey" : "selectKey";
  return {
    ...settings,
    [which]: code,
    ...(settings[other] === code ? { [other]: settings[which] } : {}),
  };
}

/** What the machine needs to know of the settings. */
export const scanOptionsOf = (settings: ScanSettings): ScanOptions => ({
  mode: settings.mode === "two-switches" ? "step" : "auto",
  emptyRounds: settings.emptyRounds,
});
