import { deleteBoard, getBoard, updateBoard } from "@/lib/boards/boards";
import { updateBoardSchema } from "@/lib/boards/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getBoard", scope: "read:interviews" }, ({ ctx, params }) => getBoard(ctx, params.id)),
  PATCH: route({ operation: "updateBoard", auth: "session", permission: "settings", body: updateBoardSchema }, ({ ctx, params, body }) =>
    updateBoard(ctx, params.id, body),
  ),
  DELETE: route({ operation: "deleteBoard", auth: "session", permission: "settings" }, ({ ctx, params }) => deleteBoard(ctx, params.id)),
});
