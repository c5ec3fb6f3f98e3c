import { describe, expect, it } from "vitest";
import { refusedField } from "@/features/contact/contact-field-labels";

describe("refusedField", () => {
  it("names the field the server's explanation is about", () => {
    expect(refusedField('"email" must match format "email".')).toBe("email");
    expect(refusedField('"name" is required.')).toBe("name");
    expect(refusedField('"message" must NOT have more than 4000 characters.')).toBe("message");
    expect(refusedField('"subject" must NOT have fewer than 1 characters.')).toBe("subject");
  });

  it("names nothing the visitor cannot correct", () => {
    expect(refusedField('"language" must be equal to one of the allowed values.')).toBeUndefined();
    expect(refusedField('"extra" is not an accepted field.')).toBeUndefined();
    expect(refusedField("HTTP 400")).toBeUndefined();
    expect(refusedField("")).toBeUndefined();
  });
});
