import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_MSG } from '@portal/shared';
import { errorBody, notFound } from '../../platform/errors.js';
import { MSG, SIGNAGE_FOLDER, type SignageCtx } from './common.js';
import { parseRange, sliceStream } from './range.js';

/** Sends a stored picture or video, whole or the byte range asked for (video seeks and resumes). */
export async function sendMedia(
  ctx: SignageCtx,
  req: FastifyRequest,
  reply: FastifyReply,
  file: { storedName: string; size: number; mime: string },
) {
  const range = parseRange(req.headers.range, file.size);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${file.size}`).send(errorBody(COMMON_MSG.badRequest));
  }
  reply.header('Content-Type', file.mime);
  const body = await ctx.storage.get(`${SIGNAGE_FOLDER}/${file.storedName}`);
  if (!body) throw notFound(MSG.fileNotFound);
  if (!range) return reply.header('Content-Length', String(file.size)).send(body);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(sliceStream(body, range));
}
