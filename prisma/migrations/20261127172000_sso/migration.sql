-- Sign-in with the district's own accounts (OpenID Connect, issue 33): one connection a district.
CREATE TABLE "sso_connections" (
    "id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "require_sso" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_connections_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "sso_connections_district_id_key" ON "sso_connections"("district_id");

ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_district_id_fkey" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- In the audit trail the client secret (sealed as webhook secrets are) appears only as {"changed": true}.
SELECT audit_attach('sso_connections', '{"type": "sso_connection", "mask": ["client_secret"]}');
