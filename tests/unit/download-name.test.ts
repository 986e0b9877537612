import { describe, expect, it } from "vitest";
import { readableDownloadName } from "~/server/storage/stored-files.server";

describe("downloaded files' names", () => {
  it("names the guide for what it is and drops the upload timestamp from other documents", () => {
    expect(readableDownloadName("pdfs/ppc_strategies_pdf-1795459153252.pdf")).toBe("PPC-Strategies-Guide.pdf");
    expect(readableDownloadName("pdfs/price_list-1795459153252.zip")).toBe("price-list.zip");
    expect(readableDownloadName("pdfs/ppc_strategies_pdf-1795459153252-k3j9x0q2mz.pdf")).toBe(
      "PPC-Strategies-Guide.pdf",
    );
    expect(readableDownloadName("pdfs/price_list-1795459153252-k3j9x0q2mz.zip")).toBe("price-list.zip");
  });
});
