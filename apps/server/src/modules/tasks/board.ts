import type { TaskListQuery, TaskStatus } from '@portal/shared';
import { forbidden } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { boardCacheFor, boardCacheKey, boardVersion, type KeptPage } from './board-cache.js';
import { listBoardJson, listSince, type BoardScope } from './queries.js';

/**
 * Which board: a country and status, and on the agent path the agent whose board it is. Without an
 * agent it is the admin board (every task of the country); with one, only what that agent may see.
 */
export interface BoardInput {
  countryId: number;
  status: TaskStatus;
  agentId?: number;
  /** Only the tasks nobody has taken: open to every agent of their country, and only to them. */
  unassigned?: boolean;
}

/** The scope the viewer may read, or 403: an agent reads only their own board and country's unassigned tasks. */
function scopeFor(viewer: Viewer, input: BoardInput): BoardScope {
  const { countryId, status, agentId, unassigned } = input;
  const isAdmin = viewer.role === 'admin';
  if (agentId === undefined) {
    if (!isAdmin) throw forbidden();
    return { countryId, status };
  }
  if (!isAdmin && agentId !== viewer.id) throw forbidden();
  if (unassigned) {
    if (!isAdmin && countryId !== viewer.country_id) throw forbidden();
    return { countryId, status };
  }
  return { countryId, status, visibleFor: agentId };
}

/**
 * A board page as the JSON text PostgreSQL built (see `listBoardJson`), answered from the process's
 * board cache while the country's board data is unchanged (board-cache.ts).
 */
export async function boardPage(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: BoardInput & { query: TaskListQuery },
): Promise<{ json: string; kept: KeptPage | null }> {
  const scope = scopeFor(viewer, input);
  const at = now(ctx);
  // A page filtered by service level changes its rows whenever any task of the board reaches its warning
  // point or deadline, without a write: it is always read (by index, tasks_board_sla_idx), never kept.
  const cache = input.query.sla ? null : boardCacheFor(ctx);
  if (!cache) return { json: (await listBoardJson(ctx.db, scope, input.query, at)).json, kept: null };
  const key = boardCacheKey(scope, input.query);
  const kept = cache.get(key, await boardVersion(ctx.db, scope.countryId), at);
  if (kept !== undefined) return { json: kept.json, kept };
  const page = await listBoardJson(ctx.db, scope, input.query, at);
  return { json: page.json, kept: cache.set(key, page.version, page.json, page.validUntil) };
}

/** The catch-up poll: tasks of the board with an id above `lastTaskId`. */
export function boardSince(ctx: ServiceCtx, viewer: Viewer, input: BoardInput & { lastTaskId: number; limit: number }) {
  return listSince(ctx.db, scopeFor(viewer, input), input.lastTaskId, input.limit, now(ctx));
}
