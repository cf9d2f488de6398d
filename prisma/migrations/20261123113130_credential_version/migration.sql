-- CreateTable
CREATE TABLE "CredentialVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 1,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CredentialVersion_pkey" PRIMARY KEY ("id")
);

-- The single row every instance reads (one index lookup) to learn whether its cached API-key
-- authentications are still current.
INSERT INTO "CredentialVersion" ("id", "version") VALUES (1, 1);

-- Bumped inside the writing transaction, so the new version is visible exactly when the change
-- commits (no instance can cache the old row under the new version).
CREATE FUNCTION credential_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CredentialVersion" SET "version" = "version" + 1, "changedAt" = CURRENT_TIMESTAMP WHERE "id" = 1;
  RETURN NULL;
END $$;

-- What authentication reads of a key. Its last use (written at most once a minute) is not.
CREATE TRIGGER credential_api_key_updated AFTER UPDATE ON "ApiKey"
  FOR EACH ROW WHEN (
    OLD."keyId" IS DISTINCT FROM NEW."keyId"
    OR OLD."hash" IS DISTINCT FROM NEW."hash"
    OR OLD."environment" IS DISTINCT FROM NEW."environment"
    OR OLD."scopes" IS DISTINCT FROM NEW."scopes"
    OR OLD."expiresAt" IS DISTINCT FROM NEW."expiresAt"
    OR OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt"
    OR OLD."installationId" IS DISTINCT FROM NEW."installationId"
  ) EXECUTE FUNCTION credential_version_bump();
CREATE TRIGGER credential_api_key_deleted AFTER DELETE ON "ApiKey"
  FOR EACH STATEMENT EXECUTE FUNCTION credential_version_bump();
CREATE TRIGGER credential_api_key_truncated AFTER TRUNCATE ON "ApiKey"
  FOR EACH STATEMENT EXECUTE FUNCTION credential_version_bump();

-- What authentication reads of an installation: whether it is installed, and what it was granted.
CREATE TRIGGER credential_installation_updated AFTER UPDATE ON "Installation"
  FOR EACH ROW WHEN (
    OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."scopes" IS DISTINCT FROM NEW."scopes"
    OR OLD."appId" IS DISTINCT FROM NEW."appId"
    OR OLD."merchantId" IS DISTINCT FROM NEW."merchantId"
  ) EXECUTE FUNCTION credential_version_bump();
CREATE TRIGGER credential_installation_deleted AFTER DELETE ON "Installation"
  FOR EACH STATEMENT EXECUTE FUNCTION credential_version_bump();
CREATE TRIGGER credential_installation_truncated AFTER TRUNCATE ON "Installation"
  FOR EACH STATEMENT EXECUTE FUNCTION credential_version_bump();
