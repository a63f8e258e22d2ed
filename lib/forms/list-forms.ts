import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { sqlRows } from "@/lib/db/pool";
import { FORM_COLUMNS, serializeFormFor, type FormRow } from "./serialize-form-for";

export async function listForms(ctx: Ctx) {
  const rows = await sqlRows<FormRow>(`select ${FORM_COLUMNS} from forms where district_id = $1 order by name, id`, [ctx.districtId]);
  return rows.map(serializeFormFor(ctx));
}
