import { describe, expect, it } from "vitest";
import {
  contactFieldLimits,
  emptyContactFields,
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
