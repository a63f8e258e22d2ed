import { DEFAULT_ROLES } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";

/** A new district with one default role of each kind, and its first admin (admin role primary). */
export async function createDistrict(input: { name: string; adminEmail: string; adminFirst?: string; adminLast?: string }) {
  return db().$transaction(async (tx) => {
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
  });
}
