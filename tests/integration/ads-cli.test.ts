import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli";
import { databasePerTest, dialects } from "../support/databases";
import { tempDirPerTest } from "../support/temp-dirs";

const KEY = "an-operator-key-for-ad-credentials-000";

describe.each(dialects)("ads:connect, ads:show and ads:disconnect on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  const tempDir = tempDirPerTest("ads-cli-");

  it("connects Meta from a JSON file with its secret encrypted, refuses a loopback apiUrl unless WEBHOOK_ALLOW_PRIVATE, shows no secret, disconnects", async () => {
    const database = await freshDatabase({ seeded: false });
    const config = database.config;
    const env =
      config.dialect === "sqlite"
        ? { DATA_DIR: path.dirname(config.file), DATABASE_URL: undefined }
        : { DATABASE_URL: config.connectionString, DATA_DIR: undefined };
    const file = path.join(tempDir(), "meta.json");
    writeFileSync(
      file,
      JSON.stringify({
        datasetId: "555000111",
        accessToken: "EAAB-very-secret-system-user-token",
        stages: { lead: "Lead", client: "Purchase" },
        values: { client: "estimate", lead: 25 },
        currency: "USD",
        apiUrl: "https://127.0.0.1:9443",
      }),
    );

    const noKey = await runCli(["ads:connect", "--platform", "meta", "--config", file], env);
    expect(noKey.code).toBe(1);
    expect(noKey.output).toContain("Set ADS_CREDENTIALS_KEY");

    const guarded = await runCli(["ads:connect", "--platform", "meta", "--config", file], {
      ...env,
      ADS_CREDENTIALS_KEY: KEY,
    });
    expect(guarded.code).toBe(1);
    expect(guarded.output).toContain("apiUrl: 127.0.0.1 is a private, loopback");

    const connected = await runCli(["ads:connect", "--platform", "meta", "--config", file], {
      ...env,
      ADS_CREDENTIALS_KEY: KEY,
      WEBHOOK_ALLOW_PRIVATE: "true",
    });
    expect(connected.output).toContain("Connected meta (token …oken).");
    expect(connected.output).toContain(
      "values: lead = 25.00 USD, client = the estimate's monthly total (USD estimates only)",
    );
    expect(connected.code).toBe(0);
    const stored = await database.db.selectFrom("ad_connections").select(["credentials", "settings"]).execute();
    expect(stored.length).toBe(1);
    expect(JSON.stringify(stored)).not.toContain("very-secret");

    const shown = await runCli(["ads:show"], env);
    expect(shown.output).toContain(
      "meta      token …oken  dataset 555000111  via https://127.0.0.1:9443/  stages lead,client",
    );
    expect(shown.output).toContain(
      "values lead = 25.00 USD, client = the estimate's monthly total (USD estimates only)",
    );
    expect(shown.output).not.toContain("very-secret");

    const gone = await runCli(["ads:disconnect", "--platform", "meta"], env);
    expect(gone.output).toContain("Disconnected meta");
    expect(await database.db.selectFrom("ad_connections").selectAll().execute()).toEqual([]);
  });
});
