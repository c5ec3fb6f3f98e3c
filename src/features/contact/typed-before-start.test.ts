import { describe, expect, it } from "vitest";
import { emptyContactFields } from "@/shared/contact-validation";
import { fieldsTypedBeforeStart } from "@/features/contact/typed-before-start";

describe("fieldsTypedBeforeStart", () => {
  it("takes what was typed into the page's fields", () => {
    const page = { name: "Айгерим", email: "", subject: "Pilot", message: "Hello\nthere" };
    expect(fieldsTypedBeforeStart(emptyContactFields, (field) => page[field])).toEqual(page);
  });

  it("gives null when the fields hold what the form has", () => {
    const fields = { name: "A", email: "a@example.kz", subject: "S", message: "M" };
    expect(fieldsTypedBeforeStart(fields, (field) => fields[field])).toBeNull();
    expect(fieldsTypedBeforeStart(emptyContactFields, () => "")).toBeNull();
  });

  it("keeps the form's value of a field it cannot read", () => {
    const fields = { name: "A", email: "a@example.kz", subject: "S", message: "M" };
    expect(
      fieldsTypedBeforeStart(fields, (field) => (field === "message" ? "Changed" : undefined)),
    ).toEqual({ ...fields, message: "Changed" });
  });

  it("takes a field emptied before the app came", () => {
    const fields = { name: "A", email: "a@example.kz", subject: "S", message: "M" };
    expect(
      fieldsTypedBeforeStart(fields, (field) => (field === "name" ? "" : fields[field])),
    ).toEqual({ ...fields, name: "" });
  });
});
