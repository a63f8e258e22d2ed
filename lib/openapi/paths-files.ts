import "server-only";
import { fileScope } from "@/lib/files/resolve-file";
import type { Endpoints } from "./operation";

/** Stored files (app/files/[...path]/route.ts), outside /api: the `url` of file records and photos. */
export const fileEndpoints = {
  getFile: {
    method: "GET",
    path: "/files/{path}",
    scope: fileScope,
    tag: "Files",
    summary: "Download a stored file",
    description:
      "Serves a stored file, only to callers allowed to see the record it belongs to (anything else, including another district's path, is 404). " +
      "Use the `url` of a file record, `avatar_url` or `photo_url` as is. Paths: `<district_id>/avatars/<person_id>` (the photo, or an SVG initials picture), " +
      "`<district_id>/photos/…`, `<district_id>/people/<person_id>/…` (person files), `<district_id>/interviews/<interview_id>/…` (interview attachments; " +
      "attachments of private fields are staff-only), `<district_id>/audio/<person_id>/<recording_id>.webm` (an interview's recording, to whoever may see that interview). " +
      "Images, PDF, audio, video and plain text are served inline, anything else as a download. " +
      "One byte range may be asked for with `Range: bytes=<start>-<end>` (also `<start>-` and `-<suffix>`): the answer is then `206 Partial Content` with `Content-Range`, " +
      "or `416` with `Content-Range: bytes */<size>` when it starts past the end; several ranges, or a malformed header, get the whole file. A player seeks in a long recording this way.",
    pathParams: {
      path: "The file's storage path after `/files/`: several segments separated by `/` (letters, digits, `.`, `_`, `-`; never `.` or `..`).",
    },
    response: {
      description: "The file's bytes, with its own content type.",
      binary: true,
      headers: {
        "Content-Type": "The stored content type (`image/svg+xml` for an initials picture).",
        "Content-Disposition": "`inline` or `attachment`, with the display name (`filename` and UTF-8 `filename*`).",
        "Cache-Control": "`private, max-age=300` (`max-age=60` for an initials picture).",
        "X-Content-Type-Options": "`nosniff`.",
        "Accept-Ranges": "`bytes` for stored files: a `Range` request gets `206` with `Content-Range`.",
      },
    },
    otherResponses: {
      206: {
        description: "The byte range asked for with `Range`.",
        binary: true,
        headers: { "Content-Range": "`bytes <start>-<end>/<size>`.", "Content-Length": "The bytes of the range.", "Content-Type": "The stored content type." },
      },
      416: { description: "The range starts past the end of the file: no body.", empty: true, headers: { "Content-Range": "`bytes */<size>`." } },
    },
  },
} satisfies Endpoints;
