// npm run db:migrate: migrates (and seeds) whichever database the environment configures.
import { existsSync } from "node:fs";
import { ConfigError, parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import { MigrationError, migrateToLatest } from "~/server/db/migrate.server";
import { seedDatabase } from "~/server/db/seed.server";
import { announceDatabase } from "./database-name";

try {
  const config = parseConfig();
  const fresh = config.database.dialect === "sqlite" && !existsSync(config.database.file);
  const db = openDatabase(config.database);
  try {
    announceDatabase(config.database, fresh);
    const migrated = await migrateToLatest(db);
    const seeded = await seedDatabase(db);
    const where = config.database.dialect === "sqlite" ? config.database.file : "PostgreSQL";
    console.log(
      migrated.length ? `Applied ${migrated.join(", ")} to ${where}.` : `${where} was already up to date.`,
      seeded.length ? `Seeded ${seeded.join(", ")}.` : "",
    );
  } finally {
    await db.destroy();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof MigrationError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
