import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { sqlRows } from "@/lib/db/pool";
import { notFound } from "@/lib/errors/app-error";
import { FORM_COLUMNS, serializeFormFor, type FormRow } from "./serialize-form-for";

export async function getForm(ctx: Ctx, id: string) {
  const [row] = await sqlRows<FormRow>(`select ${FORM_COLUMNS} from forms where id = $1 and district_id = $2`, [id, ctx.districtId]);
  if (!row) throw notFound("Form");
  return serializeFormFor(ctx)(row);
}
