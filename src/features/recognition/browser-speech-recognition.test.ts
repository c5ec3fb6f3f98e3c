import { describe, expect, it } from "vitest";
import { problemOf } from "@/features/recognition/browser-speech-recognition";

describe("problemOf", () => {
  it("maps the browser's error codes to the page's alerts", () => {
    expect(problemOf("language-not-supported")).toBe("language-not-supported");
    expect(problemOf("not-allowed")).toBe("microphone");
    expect(problemOf("audio-capture")).toBe("microphone");
    expect(problemOf("no-speech")).toBe("no-speech");
    expect(problemOf("network")).toBe("network");
    for (const code of ["service-not-allowed", "phrases-not-supported", "bad-grammar"]) {
      expect(problemOf(code)).toBe("recognition-failed");
    }
  });

  it("ignores an abort, which only the page itself causes", () => {
    expect(problemOf("aborted")).toBeNull();
  });
});
