import { describe, expect, it } from "vitest";
import {
  chooseRecognition,
  voiceDestinationOf,
  type OnDeviceAvailability,
} from "@/features/recognition/recognition-choice";

const browser = (onDevice: OnDeviceAvailability | null) => ({ recognition: true, onDevice });

describe("chooseRecognition", () => {
  it("recognises on the device when the browser has the language installed", () => {
    for (const onlyOnDevice of [false, true]) {
      const choice = chooseRecognition(browser("available"), onlyOnDevice);
      expect(choice).toEqual({ kind: "on-device" });
      expect(voiceDestinationOf(choice)).toBe("device");
    }
  });

  it("offers the language pack when it can be downloaded, using the online service meanwhile", () => {
    const choice = chooseRecognition(browser("downloadable"), false);
    expect(choice).toEqual({ kind: "install", downloading: false, meanwhile: "online" });
    expect(voiceDestinationOf(choice)).toBe("online");
  });

  it("with Only on this device, offers the pack and sends the voice nowhere meanwhile", () => {
    const choice = chooseRecognition(browser("downloadable"), true);
    expect(choice).toEqual({ kind: "install", downloading: false, meanwhile: "nowhere" });
    expect(voiceDestinationOf(choice)).toBe("nowhere");
  });

  it("says when the pack is already on its way", () => {
    expect(chooseRecognition(browser("downloading"), false)).toEqual({
      kind: "install",
      downloading: true,
      meanwhile: "online",
    });
  });

  it("uses the online service where the device cannot, unless the user refuses it", () => {
    for (const onDevice of ["unavailable", null] as const) {
      const online = chooseRecognition(browser(onDevice), false);
      expect(online).toEqual({ kind: "online" });
      expect(voiceDestinationOf(online)).toBe("online");

      const refused = chooseRecognition(browser(onDevice), true);
      expect(refused).toEqual({ kind: "none", reason: "only-on-device" });
      expect(voiceDestinationOf(refused)).toBe("nowhere");
    }
  });

  it("has nothing to choose in a browser without speech recognition", () => {
    for (const onlyOnDevice of [false, true]) {
      const choice = chooseRecognition({ recognition: false, onDevice: null }, onlyOnDevice);
      expect(choice).toEqual({ kind: "none", reason: "no-recognition" });
      expect(voiceDestinationOf(choice)).toBe("nowhere");
    }
  });
});
