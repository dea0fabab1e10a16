import { tasksCalls as calls } from '@portal/shared/contracts';
import type { TaskListQuery, TaskStatus } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { boardPage, boardSince } from './board.js';
import { getBoardView, setBoardView } from './board-view.js';
import { listAgents, listTaskTypes } from './lookups.js';
import { boardPageReply } from './route-helpers.js';

type BoardPageInput = TaskListQuery & {
  countryId: number;
  status: TaskStatus;
  agentId?: number;
  'accept-encoding'?: string;
};

/** Both board pages: the page of the board the path names, for the query's filters, sort and cursor. */
async function answerBoardPage(ctx: ServiceCtx, viewer: Viewer, input: BoardPageInput) {
  const { countryId, status, agentId, 'accept-encoding': acceptEncoding, ...query } = input;
  const page = await boardPage(ctx, viewer, { countryId, status, agentId, unassigned: query.unassigned, query });
  return boardPageReply(page, acceptEncoding);
}

const since = async (ctx: ServiceCtx, viewer: Viewer, input: Parameters<typeof boardSince>[2]) => ({
  tasks: await boardSince(ctx, viewer, input),
});

/** The boards: pages per country and status, catch-up polls, the caller's view, task types and the agents list. */
export function taskBoardRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, calls.getTasksFromAdmin, answerBoardPage);
  serve(app, ctx, calls.getTasksFromAgent, (c, viewer, { boardAgentId, ...input }) =>
    answerBoardPage(c, viewer, { ...input, agentId: boardAgentId }),
  );
  serve(app, ctx, calls.getTasksFromAdminSince, since);
  serve(app, ctx, calls.getTasksFromAgentSince, (c, viewer, { boardAgentId, ...input }) =>
    since(c, viewer, { ...input, agentId: boardAgentId }),
  );
  serve(app, ctx, calls.getTaskBoardView, getBoardView);
  serve(app, ctx, calls.setTaskBoardView, setBoardView);
  serve(app, ctx, calls.listTaskTypes, (c) => listTaskTypes(c));
  serve(app, ctx, calls.listAgents, listAgents);
}
