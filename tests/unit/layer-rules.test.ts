import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/@biomejs/biome/bin/biome");
const depcruise = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

/**
 * What `npm run lint` says of a module with this source at this path: the module is written there for
 * the run (with a name of its own) and removed after, since Biome applies its folder rules only to
 * files in the tree.
 */
function lint(filePath: string, source: string, checker: "biome" | "depcruise" = "biome") {
  const probe = path.join(root, path.dirname(filePath), `layer-probe-${randomUUID()}${path.extname(filePath)}`);
  writeFileSync(probe, source);
  const args =
    checker === "biome"
      ? [biome, "lint", path.relative(root, probe)]
      : // The probe's own imports are what is asked about: its imports' imports are left unread.
        [
          depcruise,
          "--config",
          ".dependency-cruiser.cjs",
          "--output-type",
          "err",
          "--max-depth",
          "1",
          path.relative(root, probe),
        ];
  try {
    const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
    return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(probe, { force: true });
  }
}

// Each case starts a linter process of its own, which a busy machine can take seconds to start.
describe("the layer table, as the linter enforces it", { timeout: 60_000 }, () => {
  it.each([
    [
      "app/lib/probe.ts",
      'import { openDatabase } from "~/server/db/database.server";\nexport const x = openDatabase;\n',
    ],
    ["app/server/leads/probe.ts", 'import { Button } from "~/components/ui/button";\nexport const x = Button;\n'],
    [
      "app/server/leads/probe.ts",
      'import { getServices } from "~/http/context.server";\nexport const x = getServices;\n',
    ],
    ["app/server/leads/probe.ts", 'import type { RequestHandler } from "express";\nexport type X = RequestHandler;\n'],
    ["app/server/leads/probe.ts", 'import { data } from "react-router";\nexport const x = data;\n'],
    ["app/components/ui/probe.tsx", 'import { brand } from "~/content/brand";\nexport const x = brand;\n'],
    ["app/components/site/probe.tsx", 'import { Button } from "~/components/ui/button";\nexport const x = Button;\n'],
    [
      "app/components/admin/probe.tsx",
      'import { SiteFooter } from "~/components/site/site-footer";\nexport const x = SiteFooter;\n',
    ],
    [
      "app/components/admin/probe.tsx",
      'import type { LeadDetail } from "~/server/leads/leads.server";\nexport type X = LeadDetail;\n',
    ],
    [
      "app/components/site/probe.tsx",
      'import type { PublicPlan } from "~/server/pricing/public-pricing.server";\nexport type X = PublicPlan;\n',
    ],
    ["app/content/probe.ts", 'import { cn } from "~/components/ui/button";\nexport const x = cn;\n'],
    ["app/http/probe.ts", 'import { meta } from "~/routes/site/home";\nexport const x = meta;\n'],
  ])("refuses a wrong arrow: %s importing %s", (filePath, source) => {
    const result = lint(filePath, source);
    expect(result.failed).toBe(true);
    expect(result.output).toContain("Layer rule (ARCHITECTURE.md)");
  });

  it.each([
    ["app/lib/probe.ts", 'import { brand } from "~/content/brand";\nexport const x = brand;\n'],
    [
      "app/components/site/probe.tsx",
      'import { buttonVariants } from "~/components/ui/button-variants";\nexport const x = buttonVariants;\n',
    ],
    [
      "app/components/admin/probe.tsx",
      'import type { LeadsScreen } from "~/routes/admin/leads.server";\nexport type X = LeadsScreen;\n',
    ],
    [
      "app/components/admin/probe.tsx",
      'import type { LeadDetail } from "~/lib/types/leads";\nexport type X = LeadDetail;\n',
    ],
    ["app/server/leads/probe.ts", 'import { slugify } from "~/lib/slug";\nexport const x = slugify;\n'],
  ])("lets an allowed arrow pass: %s importing %s", (filePath, source) => {
    expect(lint(filePath, source)).toMatchObject({ failed: false });
  });
});

/**
 * Biome's rules read how an import is spelled; the second half of `npm run lint`, dependency-cruiser,
 * reads where it resolves, so a relative path across a layer is refused too, type-only imports included.
 */
describe("the layer table on resolved imports, relative ones included", { timeout: 60_000 }, () => {
  it.each([
    [
      "app/components/admin/probe.tsx",
      'import { getServices } from "../../http/context.server";\nexport const x = getServices;\n',
      "admin-components",
    ],
    [
      "app/components/site/probe.tsx",
      'import type { PublicPlan } from "../../server/pricing/public-pricing.server";\nexport type X = PublicPlan;\n',
      "site",
    ],
    ["app/lib/probe.ts", 'import { Button } from "../components/ui/button";\nexport const x = Button;\n', "lib"],
    ["app/server/leads/probe.ts", 'import { data } from "react-router";\nexport const x = data;\n', "server"],
    [
      "app/server/leads/probe.ts",
      'import { runIntent } from "../../http/intents.server";\nexport const x = runIntent;\n',
      "server",
    ],
    ["app/components/ui/probe.tsx", 'import { brand } from "../../content/brand";\nexport const x = brand;\n', "ui"],
  ])("refuses a wrong arrow: %s importing %s", (filePath, source, rule) => {
    const result = lint(filePath, source, "depcruise");
    expect(result.failed).toBe(true);
    expect(result.output).toContain(`error ${rule}: ${path.dirname(filePath)}/layer-probe-`);
  });

  it.each([
    [
      "app/components/site/probe.tsx",
      'import { buttonVariants } from "../ui/button-variants";\nexport const x = buttonVariants;\n',
    ],
    [
      "app/components/admin/probe.tsx",
      'import type { LeadsScreen } from "../../routes/admin/leads.server";\nexport type X = LeadsScreen;\n',
    ],
    ["app/server/leads/probe.ts", 'import { slugify } from "../../lib/slug";\nexport const x = slugify;\n'],
  ])("lets an allowed arrow pass: %s importing %s", (filePath, source) => {
    const result = lint(filePath, source, "depcruise");
    expect(result.failed, result.output).toBe(false);
  });
});
