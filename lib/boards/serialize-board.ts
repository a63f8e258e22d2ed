import type { Board } from "./schemas";

export const boardSelect = {
  id: true,
  name: true,
  createdAt: true,
  members: { select: { personId: true }, orderBy: { personId: "asc" } },
} as const;

type BoardRow = { id: string; name: string; createdAt: Date; members: { personId: string }[] };

export function serializeBoard(b: BoardRow) {
  return { id: b.id, name: b.name, members: b.members.map((m) => m.personId), created_at: b.createdAt.getTime() } satisfies Board;
}
