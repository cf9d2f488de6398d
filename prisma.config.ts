import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate` here; migrations are authored and applied by
// scripts/db-migration-new.ts and scripts/db-migrate.ts (see README, "Database").
export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
});
