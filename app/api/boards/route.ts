import { createBoard, listBoards } from "@/lib/boards/boards";
import { createBoardSchema } from "@/lib/boards/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listBoards", scope: "read:interviews" }, ({ ctx }) => listBoards(ctx)),
  POST: route({ operation: "createBoard", auth: "session", permission: "settings", body: createBoardSchema, status: 201 }, ({ ctx, body }) =>
    createBoard(ctx, body),
  ),
});
