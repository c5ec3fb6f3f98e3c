import { describe, expect, it } from "vitest";
import {
  contactFieldLimits,
  contactFieldNames,
  emptyContactFields,
  hasControlCharacters,
  isContactFieldsEmpty,
  isEmailAddress,
  requestLanguages,
  trimContactFields,
  validateContactField,
  validateContactFields,
} from "@/shared/contact-validation";
import { languages } from "@/lib/i18n";

const valid = {
  name: "Aigerim Sadykova",
  email: "aigerim@example.kz",
  subject: "Pilot for our clinic",
  message: "We would like to try Dauys with ten patients.",
};

describe("contact form validation", () => {
  it("accepts a complete form", () => {
    expect(validateContactFields(valid)).toEqual({});
  });

  it("requires every field, and spaces alone do not count", () => {
    expect(validateContactFields(emptyContactFields)).toEqual({
      name: "required",
      email: "required",
      subject: "required",
      message: "required",
    });
    expect(validateContactField("subject", "   \n ")).toBe("required");
  });

  it("rejects e-mail addresses the server would reject", () => {
    for (const address of ["name", "name@", "@example.com", "name@example", "a b@example.com"]) {
      expect(isEmailAddress(address), address).toBe(false);
      expect(validateContactField("email", address), address).toBe("email");
    }
    for (const address of ["name@example.com", "first.last+tag@mail.example.kz", "A@B.CO"]) {
      expect(isEmailAddress(address), address).toBe(true);
    }
  });

  it("enforces the server's length limits", () => {
    expect(validateContactField("name", "a".repeat(contactFieldLimits.name))).toBeNull();
    expect(validateContactField("name", "a".repeat(contactFieldLimits.name + 1))).toBe("too-long");
    expect(validateContactField("message", "a".repeat(contactFieldLimits.message + 1))).toBe(
      "too-long",
    );
    const longAddress = `${"a".repeat(250)}@example.com`;
    expect(validateContactField("email", longAddress)).toBe("too-long");
  });

  it("finds the control characters the server refuses, but not tabs or line breaks", () => {
    for (const text of ["a\u0000b", "\u0001", "a\u0008", "\u000b", "\u000c", "\u000e", "\u001f"]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["", "Line 1\r\nLine 2\n\tthree\r", "Айгерім 😀", "\u007f\u0085\u2028"]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("sends and checks the text without the control characters the server refuses", () => {
    const pasted = { ...valid, subject: "Pilot\u000b clinic", message: "Hi\u0000\tthere\n" };
    const sent = trimContactFields(pasted);
    expect(sent).toEqual({ ...valid, subject: "Pilot clinic", message: "Hi\tthere" });
    expect(contactFieldNames.some((field) => hasControlCharacters(sent[field]))).toBe(false);
    expect(validateContactField("subject", "\u0000\u0007 ")).toBe("required");
  });

  it("trims surrounding spaces but keeps the text", () => {
    expect(
      trimContactFields({ ...valid, name: "  Aigerim  ", message: " Line 1\nLine 2 " }),
    ).toEqual({ ...valid, name: "Aigerim", message: "Line 1\nLine 2" });
  });

  it("knows an untouched form", () => {
    expect(isContactFieldsEmpty(emptyContactFields)).toBe(true);
    expect(isContactFieldsEmpty({ ...emptyContactFields, subject: "x" })).toBe(false);
  });

  it("accepts exactly the interface languages", () => {
    expect([...requestLanguages]).toEqual(languages.map((language) => language.code));
  });
});
