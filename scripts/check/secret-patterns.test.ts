import { describe, expect, it } from "vitest";
import { findSecrets } from "./secret-patterns.ts";

describe("secret scan", () => {
  it("finds planted credentials", () => {
    expect(findSecrets('const token = "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH";')).toEqual([
      "Hugging Face token",
    ]);
    expect(findSecrets("key=AKIAABCDEFGHIJKLMNOP")).toEqual(["AWS access key"]);
    expect(findSecrets('{"apiKey": "0123456789abcdef0123456789"}')).toEqual([
      "assigned credential",
    ]);
    expect(findSecrets("-----BEGIN RSA PRIVATE KEY-----")).toEqual(["private key"]);
  });

  it("leaves ordinary code alone", () => {
    expect(findSecrets('const sk = "sk"; fetch("/generate-tts"); const hf_ = 1;')).toEqual([]);
  });
});
