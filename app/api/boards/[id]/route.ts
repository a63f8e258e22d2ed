import { deleteBoard } from "@/lib/boards/delete-board";
import { getBoard } from "@/lib/boards/get-board";
import { updateBoard } from "@/lib/boards/update-board";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { interviewSetupEndpoints } from "@/lib/openapi/paths-interview-setup";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewSetupEndpoints.getBoard, ({ ctx, params }) => getBoard(ctx, params.id)),
  route(interviewSetupEndpoints.updateBoard, ({ ctx, params, body }) => updateBoard(ctx, params.id, body)),
  route(interviewSetupEndpoints.deleteBoard, ({ ctx, params }) => deleteBoard(ctx, params.id)),
);
