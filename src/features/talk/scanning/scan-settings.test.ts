import { describe, expect, it } from "vitest";
import {
  parseScanSettings,
  scanOptionsOf,
  withSwitchKey,
} from "@/features/talk/scanning/scan-settings";
import { defaultScanSettings } from "@/features/talk/talk-defaults";

describe("switch access settings", () => {
  it("are off by default, with Space to select and Enter to move", () => {
    expect(parseScanSettings(undefined)).toEqual(defaultScanSettings);
    expect(defaultScanSettings).toMatchObject({
      mode: "off",
      selectKey: "Space",
      moveKey: "Enter",
      tapAnywhere: false,
      spokenCue: false,
      ignoreRepeatMs: 0,
    });
  });

  it("keep what was stored when it is usable", () => {
    const stored = {
      mode: "two-switches",
      intervalMs: 500,
      emptyRounds: 5,
      selectKey: "KeyJ",
      moveKey: "KeyF",
      tapAnywhere: true,
      spokenCue: true,
      ignoreRepeatMs: 500,
    };
    expect(parseScanSettings(stored)).toEqual(stored);
  });

  it("drop an unknown mode, a speed outside 0.5 to 5 s, and keys that are not switches", () => {
    const parsed = parseScanSettings({
      mode: "three-switches",
      intervalMs: 5001,
      emptyRounds: 0,
      selectKey: "Tab",
      moveKey: "<script>",
      tapAnywhere: "yes",
      spokenCue: 1,
      ignoreRepeatMs: 333,
    });
    expect(parsed).toEqual(defaultScanSettings);
    expect(parseScanSettings({ intervalMs: 499 }).intervalMs).toBe(1500);
    expect(parseScanSettings({ intervalMs: 1250.5 }).intervalMs).toBe(1500);
    expect(parseScanSettings({ intervalMs: 5000 }).intervalMs).toBe(5000);
    expect(parseScanSettings({ selectKey: "Escape" }).selectKey).toBe("Space");
    expect(parseScanSettings("fast")).toEqual(defaultScanSettings);
  });

  it("never give both switches the same key", () => {
    expect(parseScanSettings({ selectKey: "Enter", moveKey: "Enter" })).toMatchObject({
      selectKey: "Enter",
      moveKey: "Space",
    });
    expect(parseScanSettings({ selectKey: "Enter" }).moveKey).toBe("Space");
    // Choosing the other switch's key swaps the two.
    expect(withSwitchKey(defaultScanSettings, "selectKey", "Enter")).toMatchObject({
      selectKey: "Enter",
      moveKey: "Space",
    });
    expect(withSwitchKey(defaultScanSettings, "moveKey", "KeyM")).toMatchObject({
      selectKey: "Space",
      moveKey: "KeyM",
    });
    expect(withSwitchKey(defaultScanSettings, "moveKey", "Tab")).toBe(defaultScanSettings);
  });

  it("tell the machine which scanning to run", () => {
    expect(scanOptionsOf({ ...defaultScanSettings, mode: "one-switch" })).toEqual({
      mode: "auto",
      emptyRounds: 3,
    });
    expect(scanOptionsOf({ ...defaultScanSettings, mode: "two-switches" }).mode).toBe("step");
  });
});
