import { describe, expect, it } from "vitest";
import { clientFiltersSchema, clientSchema } from "~/lib/schemas/clients";
import { formFiltersSchema, formSchema, isSiteFormName } from "~/lib/schemas/forms";

describe("client and form rules shared by the dialogs and the server", () => {
  it("requires a client's name, keeps optional fields empty as null and checks the e-mail", () => {
    expect(clientSchema.safeParse({ name: "  ", status: "active" }).error?.issues[0]?.message).toBe(
      "Name is required.",
    );
    expect(clientSchema.parse({ name: " Acme ", email: "", phone: "", status: "inactive" })).toEqual({
      name: "Acme",
      email: null,
      phone: null,
      company: null,
      address: null,
      status: "inactive",
      leadId: null,
    });
    expect(
      clientSchema.safeParse({ name: "Acme", email: "not-an-address", status: "active" }).error?.issues[0]?.message,
    ).toBe("Please enter a valid e-mail address.");
    expect(clientSchema.safeParse({ name: "Acme", status: "archived" }).success).toBe(false);
  });

  it("reads list filters forgivingly: unknown values fall back to no filter and page 1", () => {
    expect(clientFiltersSchema.parse({ q: " acme ", status: "bogus", page: "-3", sort: "bogus" })).toEqual({
      q: "acme",
      status: undefined,
      sort: "newest",
      page: 1,
    });
    expect(clientFiltersSchema.parse({ sort: "name_desc" }).sort).toBe("name_desc");
    expect(formFiltersSchema.parse({ status: "draft", type: "quote" })).toEqual({
      q: "",
      status: "draft",
      type: "quote",
    });
  });

  it("requires a form name with its message and knows the site's own form names in any case", () => {
    expect(formSchema.safeParse({ name: "", formType: "contact", status: "active" }).error?.issues[0]?.message).toBe(
      "Form Name is required.",
    );
    expect(
      formSchema.parse({ name: "Quote", description: "", formType: "quote", status: "draft" }).description,
    ).toBeNull();
    expect(isSiteFormName(" contact form ")).toBe(true);
    expect(isSiteFormName("Contact Form 2")).toBe(false);
  });
});
