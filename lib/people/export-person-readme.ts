/** README.txt of a person's export: what each part of the archive is. */
export function exportReadme(personId: string, exportedAt: Date, district: string) {
  return `Everything the Credentials Administration Service holds about one person
===========================================================================

Person:   ${personId}
District: ${district}
Made:     ${exportedAt.toISOString()} (UTC), by an administrator of the district.

What each part is
-----------------

person.json
  The person as an administrator reads them (GET /api/people/${personId}): name, e-mail,
  language, roles (ids, and under "role_details" their names, kinds and permissions, and which
  one is primary), tags (ids, and their names under "tag_details"), archived state, mentors (ids),
  the candidates they mentor ("mentor_of"), the boards they sit on, and the metadata of their
  files (name, type, size, when uploaded). Times are milliseconds since 1970-01-01 UTC.

photo.*
  Their photo, when one was uploaded.

files/<file id>-<name>
  The files uploaded for them, byte for byte.

interviews/<interview id>/interview.json
  Each of their interviews as an administrator reads it (GET /api/interviews/<person>/<id>):
  the date, board, form, publication, every answer including the fields private to staff, and
  under "audio" each recording's transcript and summary (with their translations) and timed
  segments.

interviews/<interview id>/scorecards.json
  The board members' scorecards of that interview, as an administrator reads them: every
  member's answers, recommendation and note, submitted or not.

interviews/<interview id>/files/<file id>-<name>
  Files attached to that interview's answers.

recordings/<recording id>/audio.*
  The recording's audio, byte for byte as stored.

recordings/<recording id>/transcript.txt, summary.txt
  The transcript and the summary in the language they were made in (translations are in the
  interview's interview.json).

messages.json
  The messages they wrote, oldest first: the conversation's id, the text as they wrote it, its
  language, its place in the conversation ("seq") and when it was sent. Others' messages are
  not included, nor are the scorecards they wrote about other people's interviews.
`;
}
