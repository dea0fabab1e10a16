import { tasksCalls as calls } from '@portal/shared/contracts';
import { TASKS_MSG, said } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { serve } from '../../platform/serve.js';
import { readMultipart, type StagedFile } from '../../platform/uploads.js';
import { addNote, claimTask, createTask, requestAssist, setStatus, switchAgent } from './commands.js';
import { getVisibleRow, listNotes, taskDetail } from './detail.js';
import { pauseTask, resumeTask } from './sla-commands.js';

/** One task: its row and details, claim, create, notes, hand-over, help request, status. */
export function taskCommandRoutes(app: FastifyInstance, ctx: AppContext) {
  const upload = (req: FastifyRequest) => readMultipart(req, ctx.config.uploads);

  serve(app, ctx, calls.getTask, getVisibleRow);
  serve(app, ctx, calls.getTaskDetailAgent, (c, viewer, { taskId, userId }) => {
    if (viewer.role !== 'admin' && userId !== viewer.id) throw forbidden();
    return taskDetail(c, viewer, { taskId });
  });
  serve(app, ctx, calls.claimTask, (c, viewer, input) => claimTask(c, viewer, { taskId: input.taskID }));
  serve(
    app,
    ctx,
    calls.createTask,
    async (c, viewer, { files, ...input }) => {
      const aufgabeID = await createTask(c, viewer, {
        ...input,
        frist: new Date(input.frist),
        files: files as StagedFile[],
      });
      return { aufgabeID, ...said(TASKS_MSG.created) };
    },
    { upload },
  );
  serve(app, ctx, calls.getTaskNotes, listNotes);
  serve(app, ctx, calls.addTaskNote, async (c, viewer, input) => ({
    ...said(TASKS_MSG.noteAdded),
    note: await addNote(c, viewer, { taskId: input.taskID, notiz: input.notiz }),
  }));
  serve(app, ctx, calls.switchTaskAgent, async (c, viewer, input) => {
    await switchAgent(c, viewer, { taskId: input.taskID, newAgentId: input.newAgentID });
    return { ...said(TASKS_MSG.agentChanged) };
  });
  serve(app, ctx, calls.requestAssist, async (c, viewer, input) => {
    await requestAssist(c, viewer, { taskId: input.taskID, agentId: input.agentID, comment: input.comment });
    return { ...said(TASKS_MSG.helpSent) };
  });
  serve(app, ctx, calls.pauseTask, async (c, viewer, input) => {
    await pauseTask(c, viewer, { taskId: input.taskID, reason: input.reason });
    return { ...said(TASKS_MSG.slaPaused) };
  });
  serve(app, ctx, calls.resumeTask, async (c, viewer, input) => {
    await resumeTask(c, viewer, { taskId: input.taskID });
    return { ...said(TASKS_MSG.slaResumed) };
  });
  serve(app, ctx, calls.setTaskStatus, async (c, viewer, input) => {
    await setStatus(c, viewer, { taskId: input.taskID, status: input.status });
    return { ...said(TASKS_MSG.statusChanged) };
  });
}
