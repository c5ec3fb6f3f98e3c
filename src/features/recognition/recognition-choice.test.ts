import { describe, expect, it } from "vitest";
import {
  chooseRecognition,
  packCheckMs,
  packDownloadAfter,
  packDownloadState,
  voiceDestinationOf,
  type OnDeviceAvailability,
  type PackDownload,
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

describe("a language pack on its way is checked every few seconds", () => {
  const said = (onDevice: OnDeviceAvailability | null, language = "kk-KZ") => ({
    language,
    onDevice,
  });

  it("asks again while this page's download is unanswered, and stops once the pack is in", () => {
    let download: PackDownload = { status: "installing", language: "kk-KZ" };
    // install() unanswered; the browser already says the pack is coming.
    expect(packDownloadState(download, said("downloading"), "kk-KZ")).toMatchObject({
      installing: true,
      checkAgainMs: packCheckMs,
      shown: download,
    });
    // A check finds it in: the download ends here, though install() never answers.
    download = packDownloadAfter(download, "kk-KZ", "available");
    expect(download).toEqual({ status: "idle" });
    expect(packDownloadState(download, said("available"), "kk-KZ")).toMatchObject({
      installing: false,
      checkAgainMs: null,
      shown: { status: "idle" },
    });
  });

  it("asks again after an unconfirmed download, whose warning goes once the pack has come", () => {
    let download: PackDownload = { status: "unconfirmed", language: "kk-KZ" };
    // The browser still says it can be downloaded: the warning stays, and so do the checks.
    for (const answer of ["downloadable", "downloading", null] as const) {
      expect(packDownloadState(download, said(answer), "kk-KZ")).toMatchObject({
        checkAgainMs: packCheckMs,
        shown: download,
      });
      expect(packDownloadAfter(download, "kk-KZ", answer)).toBe(download);
    }
    download = packDownloadAfter(download, "kk-KZ", "available");
    expect(packDownloadState(download, said("available"), "kk-KZ")).toMatchObject({
      checkAgainMs: null,
      shown: { status: "idle" },
    });
  });

  it("follows a download the browser makes by itself, and not a failed one", () => {
    const idle: PackDownload = { status: "idle" };
    expect(packDownloadState(idle, said("downloading"), "kk-KZ").checkAgainMs).toBe(packCheckMs);
    expect(packDownloadState(idle, said("downloadable"), "kk-KZ").checkAgainMs).toBeNull();
    // An answer about another language (the page asked before the language changed) says nothing.
    expect(packDownloadState(idle, said("downloading", "ru-RU"), "kk-KZ").checkAgainMs).toBeNull();
    const failed: PackDownload = { status: "failed", language: "kk-KZ" };
    expect(packDownloadState(failed, said("downloadable"), "kk-KZ")).toMatchObject({
      checkAgainMs: null,
      shown: failed,
    });
    // Come by another way (another tab), the pack takes the failure's warning away.
    expect(packDownloadState(failed, said("available"), "kk-KZ").shown).toEqual(idle);
  });

  it("leaves another language's download to that language", () => {
    const russian: PackDownload = { status: "unconfirmed", language: "ru-RU" };
    expect(packDownloadState(russian, said("downloadable"), "kk-KZ")).toMatchObject({
      installing: false,
      checkAgainMs: null,
      shown: { status: "idle" },
    });
    expect(packDownloadAfter(russian, "kk-KZ", "available")).toBe(russian);
    const installing: PackDownload = { status: "installing", language: "ru-RU" };
    expect(packDownloadState(installing, said("downloading"), "kk-KZ").checkAgainMs).toBeNull();
  });
});
