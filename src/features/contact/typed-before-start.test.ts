import { describe, expect, it } from "vitest";
import { emptyContactFields } from "@/shared/contact-validation";
import {
  fieldsTypedBeforeStart,
  readPrerenderedFields,
} from "@/features/contact/typed-before-start";

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

  it("reads the prerendered page's fields only while the app is starting", () => {
    // A stand-in for #root (these tests have no DOM): the page's fields by their ids.
    const page: Record<string, string> = { name: "Айгерим", message: "Hello" };
    const root = (starting: boolean) =>
      ({
        hasAttribute: (name: string) => starting && name === "data-app-starting",
        querySelector: (selector: string) => {
          const field = selector.replace("#contact-", "");
          return field in page ? { value: page[field] } : null;
        },
      }) as unknown as HTMLElement;
    expect(readPrerenderedFields(root(true))).toEqual(page);
    // Once live, a form mounted anew (a kiosk's reset) takes nothing from the one it replaces.
    expect(readPrerenderedFields(root(false))).toEqual({});
    expect(readPrerenderedFields(null)).toEqual({});
  });
});
