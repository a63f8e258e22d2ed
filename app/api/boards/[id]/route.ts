import { deleteBoard, getBoard, updateBoard } from "@/lib/boards/boards";
import { updateBoardSchema } from "@/lib/boards/schemas";
import { route } from "@/lib/http/route";

export const GET = route({ scope: "read:interviews" }, ({ ctx, params }) => getBoard(ctx, params.id));

export const PATCH = route({ auth: "session", permission: "settings", body: updateBoardSchema }, ({ ctx, params, body }) =>
  updateBoard(ctx, params.id, body),
);

export const DELETE = route({ auth: "session", permission: "settings" }, ({ ctx, params }) => deleteBoard(ctx, params.id));
