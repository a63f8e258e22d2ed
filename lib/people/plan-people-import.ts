import type { Ctx } from "@/lib/auth/context";
import type { RoleKind } from "@/lib/auth/permissions";
import type { PeopleCsvColumn } from "./csv-schemas";
import { readArchived, resolveNames, restoreFormula } from "./people-csv-cells";
import type { PeopleCsv } from "./read-people-csv";
import { covers, rightsOfCaller, rightsOfRoles } from "./rights";
import { createPersonSchema } from "./schemas";

type RoleDef = { id: string; name: string; kind: RoleKind; permissions: string[] };
export type ExistingPerson = {
  id: string;
  first: string;
  last: string;
  email: string;
  language: string;
  roles: Record<string, 1 | 2>;
  tags: string[];
  archived: boolean;
};
/** The district as an import sees it: definitions, the people the file names (by e-mail key), the active administrators. */
export type ImportState = { roles: RoleDef[]; tags: { id: string; name: string }[]; existing: Map<string, ExistingPerson>; activeAdmins: Set<string> };

export type PersonValues = Omit<ExistingPerson, "id">;
export type PlannedRow = {
  row: number;
  email: string;
  action: "create" | "update" | "unchanged" | "refuse";
  personId: string | null;
  changes: PeopleCsvColumn[];
  errors: { column: string; message: string }[];
  values?: PersonValues;
};

const nameFields = createPersonSchema.pick({ first: true, last: true, email: true, language: true });

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const sameRoles = (a: Record<string, number>, b: Record<string, number>) =>
  sameSet(Object.keys(a), Object.keys(b)) && Object.entries(a).every(([id, rank]) => b[id] === rank);

/** What changes, column by column, between a person and the values of their row. */
function changedColumns(before: ExistingPerson, after: PersonValues, columns: PeopleCsvColumn[]): PeopleCsvColumn[] {
  const changed: PeopleCsvColumn[] = [];
  if (before.first !== after.first) changed.push("first");
  if (before.last !== after.last) changed.push("last");
  if (before.email !== after.email) changed.push("email");
  if (before.language !== after.language) changed.push("language");
  if (!sameRoles(before.roles, after.roles)) changed.push(...columns.filter((c): c is PeopleCsvColumn => c === "primary_role" || c === "other_roles"));
  if (!sameSet(before.tags, after.tags)) changed.push("tags");
  if (before.archived !== after.archived) changed.push("archived");
  return changed;
}

/**
 * Decides, row by row, what an import does: create (a new e-mail), update or leave unchanged
 * (the person with that e-mail, compared case-insensitively as everywhere in the app), or refuse
 * with every reason. The rules are those of POST and PATCH /api/people: the same field
 * validation (createPersonSchema), role and tag references of the district, and the rights rules
 * of lib/people/rights.ts — granting or taking roles, changing a person's archived state, each
 * needs the rights the person (and the roles) carry — and the district keeps an active
 * administrator. A column the file does not have leaves that field as it is.
 */
export function planPeopleImport(ctx: Ctx, csv: PeopleCsv, state: ImportState): PlannedRow[] {
  const caller = rightsOfCaller(ctx);
  const rolesById = new Map(state.roles.map((r) => [r.id, r]));
  const rightsOf = (roleIds: string[]) => rightsOfRoles(roleIds.map((id) => rolesById.get(id)).filter((r): r is RoleDef => Boolean(r)));
  const isAdmin = (roles: Record<string, number>) => Object.keys(roles).some((id) => rolesById.get(id)?.kind === "admin");
  const has = (column: PeopleCsvColumn) => csv.columns.includes(column);
  const width = csv.columns.length;

  const rowsByEmail = new Map<string, number[]>();
  for (const r of csv.rows) {
    const key = restoreFormula(r.cells.email ?? "")
      .trim()
      .toLowerCase();
    if (key) rowsByEmail.set(key, [...(rowsByEmail.get(key) ?? []), r.row]);
  }

  const planned = csv.rows.map((r): PlannedRow => {
    const cell = (column: PeopleCsvColumn) => restoreFormula(r.cells[column] ?? "");
    const errors: PlannedRow["errors"] = [];
    const plan: PlannedRow = { row: r.row, email: cell("email").trim(), action: "refuse", personId: null, changes: [], errors };
    if (r.width > width) errors.push({ column: "row", message: `The row has ${r.width} cells; the header names ${width} columns.` });

    const language = cell("language").trim();
    const parsed = nameFields.safeParse({ first: cell("first"), last: cell("last"), email: cell("email"), language: language || undefined });
    if (!parsed.success) for (const issue of parsed.error.issues) errors.push({ column: String(issue.path[0] ?? "row"), message: issue.message });

    const key = plan.email.toLowerCase();
    const twins = rowsByEmail.get(key) ?? [];
    if (twins.length > 1)
      errors.push({ column: "email", message: `This e-mail address is on several rows (${twins.join(", ")}); each person may appear once.` });
    const existing = state.existing.get(key);

    const primary = resolveNames(cell("primary_role"), state.roles, "role");
    const others = resolveNames(cell("other_roles"), state.roles, "role");
    const tags = resolveNames(cell("tags"), state.tags, "tag");
    for (const [column, found] of [
      ["primary_role", primary],
      ["other_roles", others],
      ["tags", tags],
    ] as const) {
      for (const message of found.problems) errors.push({ column, message });
    }
    if (primary.ids.length > 1) errors.push({ column: "primary_role", message: "Name one primary role; put the others under other_roles." });
    if (primary.ids.some((id) => others.ids.includes(id)))
      errors.push({ column: "other_roles", message: "The primary role is listed among the other roles too." });
    const archived = readArchived(cell("archived"));
    if (archived === undefined) errors.push({ column: "archived", message: "Use 0 or 1 (or true/false, yes/no)." });
    if (errors.length || !parsed.success) return plan;

    // Absent columns keep what the person has (a new person: nothing).
    const heldPrimary = Object.keys(existing?.roles ?? {}).filter((id) => existing!.roles[id] === 1);
    const primaryIds = has("primary_role") ? primary.ids : heldPrimary;
    const otherIds = (has("other_roles") ? others.ids : Object.keys(existing?.roles ?? {}).filter((id) => existing!.roles[id] === 2)).filter(
      (id) => !primaryIds.includes(id),
    );
    const values: PersonValues = {
      first: parsed.data.first,
      last: parsed.data.last,
      email: parsed.data.email,
      language: parsed.data.language ?? existing?.language ?? "en",
      roles: Object.fromEntries([...primaryIds.map((id) => [id, 1] as const), ...otherIds.map((id) => [id, 2] as const)]),
      tags: has("tags") ? tags.ids : (existing?.tags ?? []),
      archived: has("archived") ? archived! : (existing?.archived ?? false),
    };
    plan.values = values;

    if (!existing) {
      if (!covers(caller, rightsOf(Object.keys(values.roles)))) {
        errors.push({ column: "primary_role", message: "You cannot give these roles: they carry rights you do not hold." });
        return plan;
      }
      return { ...plan, action: "create" };
    }
    const held = Object.keys(existing.roles);
    const next = Object.keys(values.roles);
    const changedRoles = [...new Set([...held, ...next])].filter((id) => !held.includes(id) || !next.includes(id));
    if (changedRoles.length && !covers(caller, rightsOf([...held, ...changedRoles]))) {
      errors.push({ column: "primary_role", message: "You cannot change this person's roles: that takes rights you do not hold." });
    }
    if (values.archived !== existing.archived && !covers(caller, rightsOf(held))) {
      errors.push({ column: "archived", message: `You cannot ${values.archived ? "archive" : "restore"} this person: they hold rights you do not.` });
    }
    if (errors.length) return plan;
    const changes = changedColumns(existing, values, csv.columns);
    return { ...plan, action: changes.length ? "update" : "unchanged", personId: existing.id, changes };
  });

  // The district keeps an active administrator: refuse the rows that would take away the last one.
  const admins = new Set(state.activeAdmins);
  const losing: PlannedRow[] = [];
  for (const plan of planned) {
    if (plan.action === "refuse" || !plan.values) continue;
    const activeAdmin = !plan.values.archived && isAdmin(plan.values.roles);
    if (plan.personId && admins.has(plan.personId) && !activeAdmin) {
      admins.delete(plan.personId);
      losing.push(plan);
    } else if (activeAdmin) admins.add(plan.personId ?? `new:${plan.row}`);
  }
  if (admins.size === 0) {
    for (const plan of losing) {
      plan.action = "refuse";
      plan.changes = [];
      plan.errors.push({ column: "row", message: "This would leave the district without an active administrator. Make someone else an administrator first." });
    }
  }
  return planned;
}
