import { route } from "@/lib/http/route";
import { listPersonFiles, uploadPersonFile } from "@/lib/people/person-files";

export const GET = route({ scope: "read:people" }, ({ ctx, params }) => listPersonFiles(ctx, params.id));

export const POST = route({ scope: "write:people", permission: "people:edit", multipart: true, status: 201 }, ({ ctx, params, form }) =>
  uploadPersonFile(ctx, params.id, form),
);
