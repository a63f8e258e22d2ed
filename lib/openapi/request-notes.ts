import type { JsonSchema } from "./json-schema";

/**
 * Words for the request-body components. The request schemas carry their rules (types,
 * lengths, patterns, defaults) but not prose, so it is added here, by property name;
 * `applyRequestNotes` fails on a name the schema does not have, so a renamed field cannot
 * keep a stale description.
 */
const REQUEST_NOTES: Record<string, { description: string; properties: Record<string, string> }> = {
  PersonCreate: {
    description: "A new person.",
    properties: {
      first: "First name.",
      last: "Last name.",
      email: "Unique within the district (compared case-insensitively).",
      language: "BCP 47 language code, e.g. `en`, `es`, `pt-BR`. Default `en`.",
      roles: "Role id -> 1 (primary) or 2 (secondary); at most one primary. Ids of the district's roles. Default `{}`.",
      tags: "Tag ids of the district. Default `[]`.",
    },
  },
  PersonUpdate: {
    description: "Any subset of the person's fields; only those sent change.",
    properties: {
      first: "First name.",
      last: "Last name.",
      email: "Unique within the district (compared case-insensitively).",
      language: "BCP 47 language code.",
      roles: "Replaces the roles: role id -> 1 (primary) or 2 (secondary); at most one primary.",
      tags: "Replaces the tags (tag ids of the district).",
      archived: "1 (or true) archives the person and signs them out everywhere; 0 (or false) restores them.",
      mentors: "Replaces the candidate's assigned mentors (person ids of the district, not the person themself).",
    },
  },
  InterviewCreate: {
    description: "A new interview of the person in the path.",
    properties: {
      date: "The interview's date, YYYY-MM-DD (a real calendar day).",
      board_id: "The board conducting the interview.",
      form_id: "The interview form; without one, the profile's default form (if any).",
      profile_id: "The interview profile.",
    },
  },
  InterviewUpdate: {
    description: "Any subset; only what is sent changes.",
    properties: {
      responses:
        "Form field id -> answer, merged into the current answers; `null` clears an answer. Dropdown: 1-based option index; text: multilingual text; checkbox: 0 or 1; file: object keyed by ids of this field's uploaded attachments (the values are ignored; attachments left out are deleted).",
      published: "1 publishes the interview to the candidate and their mentors; 0 takes it back.",
      date: "Moves the interview to this date, YYYY-MM-DD.",
    },
  },
  FormCreate: {
    description: "A new interview form.",
    properties: { name: "The form's name.", fields: "The ordered fields; ids unique within the form. Default `[]`." },
  },
  FormUpdate: {
    description: "Any subset; only what is sent changes.",
    properties: {
      name: "The form's name.",
      fields: "Replaces the ordered field list.",
      force: "true allows dropping (or changing the type of) fields that hold answers: those answers and their attachments are deleted.",
    },
  },
  FormFieldInput: {
    description: "A field of a form.",
    properties: {
      id: "Unique within the form; the key of the field's answers in interviews.",
      type: "dropdown, text, checkbox or file.",
      label: "The field's label in one or more languages.",
      options: "The choices of a dropdown (required there, refused on other types).",
      p: "1 marks the field private (staff only); 0 or absent: visible to candidates and mentors.",
    },
  },
  MultilingualTextInput: {
    description: "Multilingual text: BCP 47 language code -> text (at most 20 000 characters each). Labels need at least one language.",
    properties: {},
  },
  BoardCreate: {
    description: "A new board.",
    properties: { name: "The board's name.", members: "Person ids of the district. Default `[]`." },
  },
  BoardUpdate: {
    description: "Any subset; only what is sent changes.",
    properties: { name: "The board's name.", members: "Replaces the member list (person ids of the district)." },
  },
  ProfileCreate: {
    description: "A new interview profile.",
    properties: {
      name: "The profile's name.",
      form_id: "The default form of interviews created with this profile (a form of the district), or null. Default null.",
    },
  },
  ProfileUpdate: {
    description: "Any subset; only what is sent changes.",
    properties: { name: "The profile's name.", form_id: "The default form (a form of the district), or null for none." },
  },
  RoleCreate: {
    description: "A new role.",
    properties: {
      name: "The role's name.",
      kind: "admin (every permission, sees everything), board (sees every interview), mentor, candidate or other.",
      permissions: "What holders may change. Default `[]`.",
    },
  },
  RoleUpdate: {
    description: "Any subset; only what is sent changes (`permissions` is not reset when absent).",
    properties: { name: "The role's name.", kind: "The role's kind.", permissions: "Replaces the permissions." },
  },
  TagInput: { description: "A tag.", properties: { name: "Unique within the district." } },
  ApiKeyCreate: {
    description: "A new API key.",
    properties: {
      name: "Descriptive name, e.g. the system that will use the key.",
      scopes: "What the key may do (at least one).",
      expires_at: "When the key stops working, in ms since the Unix epoch (in the future); null or absent: never.",
    },
  },
  ApiKeyRotate: {
    description: "How long the secret used until now keeps working.",
    properties: {
      grace_seconds: "Seconds the current secret keeps working beside the new one: 0 (refused at once) to 604800 (7 days). Default 86400 (24 hours).",
    },
  },
};

/** Adds the notes to the converted request components (in place). */
export function applyRequestNotes(components: Record<string, JsonSchema>) {
  for (const [name, notes] of Object.entries(REQUEST_NOTES)) {
    const schema = components[name];
    if (!schema) throw new Error(`Request notes for an unknown component: ${name}`);
    schema.description = notes.description;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [property, description] of Object.entries(notes.properties)) {
      if (!properties[property]) throw new Error(`Request notes for an unknown property: ${name}.${property}`);
      properties[property] = { description, ...properties[property] };
    }
  }
}
