import { describe, expect, it } from "vitest";
import { leadFilterParams, parseLeadFilters } from "~/lib/schemas/lead-admin";
import { csvCell } from "~/server/csv.server";
import { containsPattern } from "~/server/db/search.server";

describe("the leads list's address-bar filters", () => {
  it("reads what it understands and falls back to no filter for the rest", () => {
    const filters = parseLeadFilters(
      new URLSearchParams(
        "q=%20Acme%20&status=qualified&source=Contact%20Form&from=2026-11-01&to=2026-13-45&sort=name&page=3&view=spam&owner=me&due=overdue&enquired=2026-11-20",
      ),
    );
    expect(filters).toEqual({
      q: "Acme",
      status: "qualified",
      source: "Contact Form",
      from: "2026-11-01",
      to: "",
      sort: "name",
      page: 3,
      view: "spam",
      owner: "me",
      due: "overdue",
      enquired: "2026-11-20",
    });
    expect(
      parseLeadFilters(
        new URLSearchParams("status=archived&sort=random&page=-2&view=all&owner=x%27y&due=soon&enquired=2026-02-30"),
      ),
    ).toMatchObject({
      status: "all",
      sort: "newest",
      page: 1,
      view: "inbox",
      owner: "",
      due: "",
      enquired: "",
    });
  });

  it("takes only real calendar days as date bounds", () => {
    const dates = (query: string) => {
      const { from, to } = parseLeadFilters(new URLSearchParams(query));
      return { from, to };
    };
    expect(dates("from=2024-02-29&to=2024-02-31")).toEqual({ from: "2024-02-29", to: "" });
    expect(dates("from=2023-02-29&to=9999-12-31")).toEqual({ from: "", to: "" });
    expect(dates("from=2026-04-31&to=2026-12-31")).toEqual({ from: "", to: "2026-12-31" });
  });

  it("writes only what differs from the defaults, so addresses stay short", () => {
    expect(leadFilterParams(parseLeadFilters(new URLSearchParams())).toString()).toBe("");
    expect(leadFilterParams({ q: "ana", status: "new", page: 2, sort: "newest" }).toString()).toBe(
      "q=ana&status=new&page=2",
    );
  });
});

describe("CSV cells and search patterns", () => {
  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const dangerous of ["=1+1", "+1 555", "-2", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(dangerous)).toBe(`"'${dangerous}"`);
    }
    expect(csvCell('He said "hi", twice')).toBe('"He said ""hi"", twice"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell("a=b")).toBe('"a=b"');
  });

  it("matches % and _ literally and ignores case", () => {
    expect(containsPattern("50%_Off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
