import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { removePersonPhoto, setPersonPhoto } from "@/lib/people/person-photo";

// PUT: multipart, streamed (lib/http/multipart.ts): `file`, a PNG, JPEG, WebP or GIF image.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(peopleEndpoints.setPersonPhoto, ({ ctx, params, req }) => setPersonPhoto(ctx, params.id, req)),
  route(peopleEndpoints.deletePersonPhoto, ({ ctx, params }) => removePersonPhoto(ctx, params.id)),
);
