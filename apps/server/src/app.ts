import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './platform/context.js';
import { registerErrorHandling } from './platform/errors.js';
import { registerIdempotency } from './platform/idempotency.js';
import { registerAuthGuard, type Access } from './platform/auth.js';
import { registerInputHygiene } from './platform/input-hygiene.js';
import { finishOpenapiDocument } from './platform/openapi.js';
import { registerWebApp, spaFallbackOrNotFound } from './platform/web-app.js';
import { createRelease, registerUnitOfWork, type Release } from './platform/unit-of-work.js';
import { registerMetrics, registerSlowRequestLog } from './platform/metrics.js';
import { registerStoredFiles } from './platform/orphan-files.js';
import { registerAuditSubjects, tableSubject } from './platform/audit.js';
import * as t from './db/schema/index.js';
import { missedNotifications } from './modules/notifications/missed.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { customerRoutes } from './modules/customers/routes.js';
import { GDPR_FOLDER } from './modules/customers/index.js';
import { publicFormRoutes } from './modules/public-forms/routes.js';
import { shopRoutes } from './modules/shop/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { rksvOrdersRoutes } from './modules/rksv-orders/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { ratingsRoutes } from './modules/ratings/routes.js';
import { signageRoutes } from './modules/signage/routes.js';
import { deviceChannel } from './modules/signage/push.js';
import { syncRoutes } from './modules/sync/routes.js';
import { insolvencyRoutes } from './modules/insolvency/routes.js';
import { cashbookRoutes } from './modules/cashbook/routes.js';
import { businessRoutes } from './modules/business/routes.js';
import { serviceLevelsRoutes } from './modules/service-levels/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import multipart from '@fastify/multipart';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The declaration it was served from (platform/serve.ts); none only for the web app's files and the docs. */
  call: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** The one release path of after-commit effects (requests, and the scheduled jobs in main.ts). */
    release: Release;
    /** Handlers of `afterCommit.job(name, payload)`, registered by the modules that queue them. */
    backgroundJobs: Map<string, (payload: unknown) => Promise<void>>;
  }
}

export interface BuildOptions {
  /** false in tests that do not want log lines; a pino options object otherwise. */
  logger?: boolean | object;
  /** The process's own pino logger (main.ts shares it with the mailer). */
  loggerInstance?: FastifyBaseLogger;
  serveWebApp?: boolean;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? { level: ctx.config.logLevel } }),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Fastify takes a hop count as well, though its types list only boolean, string and string[].
    trustProxy: ctx.config.trustProxy as boolean | string,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Draining (SIGTERM): each answer closes its connection, so the balancer keeps no idle connection
    // to this process that it could pick just as the listener closes it.
    if (ctx.drain?.draining) reply.header('connection', 'close');
  });

  // The route table (method, url, declared access) is kept for the authorization tests:
  // a test walks it, so a new route cannot be forgotten.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods)
      routeTable.push({ method, url: r.url, access: r.config?.access, call: r.config?.call });
  });

  registerErrorHandling(app);
  registerSlowRequestLog(app, ctx.config.slowRequestMs);
  const metrics = registerMetrics(app, {
    token: ctx.config.metricsToken,
    db: ctx.db,
    realtime: ctx.realtime,
    log: app.log,
  });
  // Before compression: a stored answer is the serialized one.
  registerIdempotency(app, ctx.db);
  // Security headers. The app loads nothing from other hosts; Mantine sets inline style attributes
  // (CSS variables), hence 'unsafe-inline' for styles only. HSTS only where the portal is served over TLS.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Signage screens and previews play videos they keep in Cache Storage as blob: URLs.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: ctx.config.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Service-Portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: finishOpenapiDocument(ctx.config.publicUrl),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  registerAuthGuard(app, ctx.db);
  registerInputHygiene(app);
  const backgroundJobs = new Map<string, (payload: unknown) => Promise<void>>();
  const release = createRelease({
    realtime: ctx.realtime,
    mailer: ctx.mailer,
    jobs: backgroundJobs,
    log: app.log,
    jobRan: metrics?.jobRan,
  });
  app.decorate('backgroundJobs', backgroundJobs);
  app.decorate('release', release);
  registerUnitOfWork(app, release);
  // platform/ knows no area: the areas' tables and handlers it serves are registered here.
  registerStoredFiles(
    { folder: 'tasks', column: t.taskFiles.datei_name },
    { folder: 'audits', column: t.auditFiles.datei_name },
    { folder: 'signage', column: t.signageFiles.stored_name },
    { folder: 'documents', column: t.customerDocuments.datei_name },
    { folder: GDPR_FOLDER, column: t.gdprJobs.stored_name },
  );
  // The audit trail's subjects (declared with each staff write): the row read before and after it.
  registerAuditSubjects({
    task: tableSubject(t.tasks, t.tasks.id, {
      // Written out: in a single-table select drizzle names columns without their table, and an
      // unqualified kundennummer inside the subquery would be the customer's own.
      customer_id: sql`(select c.id from customers c where c.kundennummer = "tasks"."kundennummer")`,
    }),
    task_file: tableSubject(t.taskFiles),
    rksv_order: tableSubject(t.rksvOrders),
    rksv_card: tableSubject(t.rksvCards),
    rksv_card_type: tableSubject(t.rksvCardTypes),
    rksv_campaign: tableSubject(t.rksvCampaigns),
    signage_device: tableSubject(t.signageDevices),
    signage_schedule: tableSubject(t.signageSchedules),
    signage_content: tableSubject(t.signageFiles),
    customer: tableSubject(t.customers),
    user: tableSubject(t.users),
    notification: tableSubject(t.notifications),
    insolvency: tableSubject(t.insolvencyCases),
    cashbook_entry: tableSubject(t.cashbookTransactions),
    cashbook_category: tableSubject(t.cashbookCategories),
    cashbook_settings: tableSubject(t.cashbookSettings, t.cashbookSettings.country_id),
    cashbook_closing: tableSubject(t.cashbookClosings),
    news: tableSubject(t.newsPosts),
    service_calendar: tableSubject(t.serviceCalendars, t.serviceCalendars.country_id),
    sla_policy: tableSubject(t.slaPolicies, t.slaPolicies.task_type_id),
    sync_run: tableSubject(t.syncRuns),
  });
  ctx.realtime.onReconnect(missedNotifications);
  ctx.realtime.onDevices(deviceChannel(ctx));

  await app.register(healthRoutes, ctx);
  await app.register(authRoutes, ctx);
  await app.register(userRoutes, ctx);
  await app.register(multipart, {
    limits: { fileSize: ctx.config.uploads.maxFileBytes, files: ctx.config.uploads.maxFiles },
  });
  await app.register(taskRoutes, ctx);
  await app.register(customerRoutes, ctx);
  await app.register(auditRoutes, ctx);
  await app.register(notificationRoutes, ctx);
  await app.register(publicFormRoutes, ctx);
  await app.register(shopRoutes, ctx);
  await app.register(siteRoutes, ctx);
  await app.register(rksvOrdersRoutes, ctx);
  await app.register(statsRoutes, ctx);
  await app.register(ratingsRoutes, ctx);
  await app.register(signageRoutes, ctx);
  await app.register(syncRoutes, ctx);
  await app.register(insolvencyRoutes, ctx);
  await app.register(cashbookRoutes, ctx);
  await app.register(businessRoutes, ctx);
  await app.register(serviceLevelsRoutes, ctx);

  const hasWebApp = opts.serveWebApp === false ? false : await registerWebApp(app, ctx.config.webDist);
  spaFallbackOrNotFound(app, hasWebApp);
  return app;
}
