import { createBoard } from "@/lib/boards/create-board";
import { listBoards } from "@/lib/boards/list-boards";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { interviewSetupEndpoints } from "@/lib/openapi/paths-interview-setup";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewSetupEndpoints.listBoards, ({ ctx }) => listBoards(ctx)),
  route(interviewSetupEndpoints.createBoard, ({ ctx, body }) => createBoard(ctx, body)),
);
