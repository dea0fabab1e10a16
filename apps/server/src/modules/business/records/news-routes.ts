import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUSINESS_RECORDS_MSG as MSG,
  messageSchema,
  newsInputSchema,
  newsListSchema,
  newsPostListSchema,
  newsPostSchema,
  newsQuerySchema,
  recordsIdSchema,
  recordsPageQuerySchema,
} from '@portal/shared';
import type { AppContext } from '../../../platform/context.js';
import { admin, customerOnly } from '../../../platform/access.js';
import { currentUser } from '../../../platform/auth.js';
import { createNewsPost, deleteNewsPost, listNews, listNewsPosts, markNewsRead, updateNewsPost } from './news.js';
import { errorResponses } from '../../../platform/openapi.js';

/** The news as customers read them (/api/business/news). */
export const businessNewsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/business/news',
    {
      config: { access: customerOnly },
      schema: {
        operationId: 'listBusinessNews',
        tags: ['business'],
        summary: 'Published news newest first in the reader’s language (German fallback), unread marked',
        querystring: newsQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: newsListSchema },
      },
    },
    (req) => listNews(ctx, currentUser(req), req.query),
  );

  app.post(
    '/api/business/news/:id/read',
    {
      config: { access: customerOnly },
      schema: {
        operationId: 'markBusinessNewsRead',
        tags: ['business'],
        summary: 'Mark a published post read for the caller',
        params: recordsIdSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: messageSchema },
      },
    },
    async (req) => {
      await markNewsRead(ctx, currentUser(req), { id: req.params.id });
      return { message: MSG.newsMarkedRead };
    },
  );
};

/** The admins' news posts (/agent-dashboard/news): every post, published or still waiting for its date. */
export const newsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const answer = z.object({ message: z.string(), post: newsPostSchema });
  app.get(
    '/api/news',
    {
      config: { access: admin },
      schema: {
        operationId: 'listNews',
        tags: ['news'],
        summary: 'All news posts, newest publish date first',
        querystring: recordsPageQuerySchema,
        response: { ...errorResponses(400, 401, 403), 200: newsPostListSchema },
      },
    },
    (req) => listNewsPosts(ctx, req.query),
  );

  app.post(
    '/api/news',
    {
      config: { access: admin, idempotent: true },
      schema: {
        operationId: 'createNews',
        tags: ['news'],
        summary: 'Write a post {title, text, published_from, translations?: {en, fr, ar}}',
        body: newsInputSchema,
        response: { ...errorResponses(400, 401, 403), 201: answer },
      },
    },
    async (req, reply) => {
      const post = await createNewsPost(ctx, currentUser(req), req.body);
      return reply.code(201).send({ message: MSG.newsCreated, post });
    },
  );

  app.put(
    '/api/news/:id',
    {
      config: { access: admin },
      schema: {
        operationId: 'updateNews',
        tags: ['news'],
        summary: 'Change a post',
        params: recordsIdSchema,
        body: newsInputSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: answer },
      },
    },
    async (req) => ({
      message: MSG.newsSaved,
      post: await updateNewsPost(ctx, currentUser(req), { id: req.params.id, fields: req.body }),
    }),
  );

  app.delete(
    '/api/news/:id',
    {
      config: { access: admin },
      schema: {
        operationId: 'deleteNews',
        tags: ['news'],
        summary: 'Delete a post',
        params: recordsIdSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: messageSchema },
      },
    },
    async (req) => {
      await deleteNewsPost(ctx, currentUser(req), { id: req.params.id });
      return { message: MSG.newsDeleted };
    },
  );
};
