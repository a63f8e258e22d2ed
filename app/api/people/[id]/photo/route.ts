import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { removePersonPhoto, setPersonPhoto } from "@/lib/people/person-photo";

// PUT: multipart, streamed (lib/http/multipart.ts): `file`, a PNG, JPEG, WebP or GIF image.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PUT: route({ operation: "setPersonPhoto", scope: "write:people", permission: "people:edit" }, ({ ctx, params, req }) => setPersonPhoto(ctx, params.id, req)),
  DELETE: route({ operation: "deletePersonPhoto", scope: "write:people", permission: "people:edit" }, ({ ctx, params }) => removePersonPhoto(ctx, params.id)),
});
