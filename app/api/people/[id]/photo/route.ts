import { route } from "@/lib/http/route";
import { removePersonPhoto, setPersonPhoto } from "@/lib/people/person-photo";

export const PUT = route({ scope: "write:people", permission: "people:edit", multipart: true }, ({ ctx, params, form }) =>
  setPersonPhoto(ctx, params.id, form),
);

export const DELETE = route({ scope: "write:people", permission: "people:edit" }, ({ ctx, params }) => removePersonPhoto(ctx, params.id));
