import "server-only";
import { DEFAULT_ROLES } from "@/lib/auth/permissions";
import { db, type Tx } from "@/lib/db/client";
import { recordIndexFilledIfFirstDistrict } from "@/lib/search/backfill-index";

type NewDistrict = { name: string; adminEmail: string; adminFirst?: string; adminLast?: string };

/** A new district with one default role of each kind, and its first admin (admin role primary). */
export async function createDistrict(input: NewDistrict) {
  return db().$transaction((tx) => createDistrictIn(tx, input));
}

/** The same, inside the caller's transaction. */
export async function createDistrictIn(tx: Tx, input: NewDistrict) {
  await recordIndexFilledIfFirstDistrict(tx);
  const district = await tx.district.create({ data: { name: input.name } });
  const roles = await Promise.all(DEFAULT_ROLES.map((r) => tx.role.create({ data: { ...r, districtId: district.id } })));
  const admin = roles.find((r) => r.kind === "admin")!;
  const person = await tx.person.create({
    data: {
      districtId: district.id,
      first: input.adminFirst ?? "District",
      last: input.adminLast ?? "Administrator",
      email: input.adminEmail,
      emailKey: input.adminEmail.toLowerCase(),
      roles: { [admin.id]: 1 },
    },
  });
  return { district, person, roles: Object.fromEntries(roles.map((r) => [r.kind, r.id])) as Record<string, string> };
}
