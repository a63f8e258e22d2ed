import { notFound } from "@/lib/errors/app-error";
import { errorResponse } from "@/lib/http/errors";

/** Unknown /api paths answer with the JSON error body too, never an HTML page. */
const unknownPath = async () => errorResponse(notFound("API endpoint"));

export { unknownPath as GET, unknownPath as POST, unknownPath as PATCH, unknownPath as PUT, unknownPath as DELETE };
