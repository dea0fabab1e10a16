import { eq } from 'drizzle-orm';
import type { TaskBoardView, TaskBoardViewChoice } from '@portal/shared';
import { taskBoardViews } from '../../db/schema/index.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';

/** The caller's board view: what they chose last, on any device; cards until they choose. */
export async function getBoardView(ctx: ServiceCtx, viewer: Viewer): Promise<TaskBoardViewChoice> {
  const [row] = await ctx.db
    .select({ view: taskBoardViews.view })
    .from(taskBoardViews)
    .where(eq(taskBoardViews.user_id, viewer.id));
  return { view: (row?.view as TaskBoardView | undefined) ?? 'cards' };
}

/** Keeps the caller's choice: one upsert, so two quick switches leave the last one and never fail. */
export async function setBoardView(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: TaskBoardViewChoice,
): Promise<TaskBoardViewChoice> {
  const at = now(ctx);
  await ctx.db
    .insert(taskBoardViews)
    .values({ user_id: viewer.id, view: input.view, updated_at: at })
    .onConflictDoUpdate({ target: taskBoardViews.user_id, set: { view: input.view, updated_at: at } });
  return { view: input.view };
}
