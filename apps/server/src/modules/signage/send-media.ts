import { COMMON_MSG } from '@portal/shared';
import { errorBody, notFound } from '../../platform/errors.js';
import { Reply } from '../../platform/serve.js';
import { MSG, SIGNAGE_FOLDER, type SignageCtx } from './common.js';
import { parseRange, sliceStream } from './range.js';

/**
 * A stored picture or video, whole or the byte range asked for (video seeks and resumes): 200, 206
 * with its Content-Range, or 416 when the range lies outside the file.
 */
export async function mediaReply(
  ctx: SignageCtx,
  file: { storedName: string; size: number; mime: string; range: string | undefined },
  extraHeaders: Record<string, string> = {},
): Promise<Reply> {
  const range = parseRange(file.range, file.size);
  const headers: Record<string, string> = {
    ...extraHeaders,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
  if (range === 'unsatisfiable')
    return new Reply(416, JSON.stringify(errorBody(COMMON_MSG.badRequest)), {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-range': `bytes */${file.size}`,
    });
  headers['content-type'] = file.mime;
  const body = await ctx.storage.get(`${SIGNAGE_FOLDER}/${file.storedName}`);
  if (!body) throw notFound(MSG.fileNotFound);
  if (!range) return new Reply(200, body, { ...headers, 'content-length': String(file.size) });
  return new Reply(206, sliceStream(body, range), {
    ...headers,
    'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
    'content-length': String(range.end - range.start + 1),
  });
}
