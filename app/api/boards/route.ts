import { createBoard, listBoards } from "@/lib/boards/boards";
import { createBoardSchema } from "@/lib/boards/schemas";
import { route } from "@/lib/http/route";

export const GET = route({ scope: "read:interviews" }, ({ ctx }) => listBoards(ctx));

export const POST = route({ auth: "session", permission: "settings", body: createBoardSchema, status: 201 }, ({ ctx, body }) =>
  createBoard(ctx, body),
);
