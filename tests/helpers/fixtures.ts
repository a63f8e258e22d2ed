import { randomUUID } from "node:crypto";
import { createSessionFor } from "@/lib/auth/create-session";
import type { Permission, RoleKind, Scope } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { createDistrict } from "@/lib/districts/create-district";
import { generateApiKey, hashApiKey } from "@/lib/keys/key-format";

export const uniqueEmail = (label = "p") => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export type TestDistrict = Awaited<ReturnType<typeof makeDistrict>>;

/**
 * A fresh district per test file (so files run in parallel and never reset each other),
 * with its admin signed in and helpers to add signed-in people and API keys.
 */
export async function makeDistrict(name = "District") {
  const adminEmail = uniqueEmail("admin");
  const { district, person, roles } = await createDistrict({ name: `${name} ${randomUUID().slice(0, 6)}`, adminEmail });
  const adminSession = await createSessionFor(adminEmail, district.id);

  async function addPerson(kind: RoleKind | null, extra: { first?: string; last?: string; language?: string; archived?: boolean } = {}) {
    const email = uniqueEmail(kind ?? "none");
    const person = await db().person.create({
      data: {
        districtId: district.id,
        first: extra.first ?? "Test",
        last: extra.last ?? kind ?? "Person",
        email,
        emailKey: email,
        language: extra.language ?? "en",
        roles: kind ? { [roles[kind]]: 1 } : {},
      },
    });
    const session = await createSessionFor(email, district.id);
    if (extra.archived) await db().person.update({ where: { id: person.id, districtId: district.id }, data: { archived: true } });
    return { id: person.id, email, token: session!.token };
  }

  /** A person holding a custom role with exactly these permissions (kind "other"). */
  async function addPersonWith(permissions: Permission[]) {
    const role = await db().role.create({ data: { districtId: district.id, name: `Custom ${randomUUID().slice(0, 4)}`, kind: "other", permissions } });
    const email = uniqueEmail("custom");
    const person = await db().person.create({
      data: { districtId: district.id, first: "Custom", last: "Role", email, emailKey: email, roles: { [role.id]: 1 } },
    });
    const session = await createSessionFor(email, district.id);
    return { id: person.id, email, token: session!.token, roleId: role.id };
  }

  async function addKey(scopes: Scope[], extra: { revoked?: boolean; expiresAt?: Date } = {}) {
    const key = generateApiKey();
    const row = await db().apiKey.create({
      data: {
        districtId: district.id,
        name: "test key",
        hash: hashApiKey(key),
        hint: key.slice(-4),
        scopes,
        revokedAt: extra.revoked ? new Date() : null,
        expiresAt: extra.expiresAt ?? null,
      },
    });
    return { id: row.id, key };
  }

  async function assignMentor(mentorId: string, candidateId: string) {
    await db().mentorAssignment.create({ data: { districtId: district.id, mentorId, candidateId } });
  }

  return { id: district.id, roles, admin: { id: person.id, email: adminEmail, token: adminSession!.token }, addPerson, addPersonWith, addKey, assignMentor };
}

export const ALL_SCOPES: Scope[] = ["read:people", "write:people", "read:interviews", "write:interviews", "audit"];
