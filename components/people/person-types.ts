/** Shapes of the people endpoints, as lib/people serializes them. */
export type Person = {
  id: string;
  first: string;
  last: string;
  email: string;
  language: string;
  roles: Record<string, 1 | 2>;
  tags: string[];
  archived: 0 | 1;
  avatar_url: string | null;
  district_id: string;
  created_at: number;
};

export type PersonFile = { id: string; name: string; url: string; content_type: string; size: number; created_at: number };

type InterviewSummary = {
  id: string;
  person_id: string;
  date: string;
  board_id: string | null;
  form_id: string | null;
  profile_id: string | null;
  published: 0 | 1;
  created_at: number;
  updated_at: number;
};

/** GET /api/people/:id?include=files,interviews,tags,photo_url */
export type PersonDetail = Person & {
  mentors: string[];
  photo_url?: string | null;
  files?: PersonFile[];
  interviews?: InterviewSummary[];
  tag_details?: { id: string; name: string }[];
};

export type PersonInput = {
  first?: string;
  last?: string;
  email?: string;
  language?: string;
  roles?: Record<string, 1 | 2>;
  tags?: string[];
  archived?: 0 | 1;
  mentors?: string[];
};
