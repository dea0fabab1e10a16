import { z } from 'zod';
import { messageSchema } from '@portal/shared';

/**
 * The OpenAPI document at /api/docs (built by @fastify/swagger from the routes' zod schemas) is what a
 * client generator reads: it passes `redocly lint` with the recommended rules (test/openapi-lint.test.ts).
 * Every route names itself with a stable camelCase `operationId` in its schema and lists the 4XX answers
 * it can give with `errorResponses(...)`.
 */

/** The 4XX answers a route can give; every one leaves as `{message, code, params?, errors?}` (errors.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429;

/**
 * The error answers of a route for its `response` schema, e.g. `{ 200: x, ...errorResponses(400, 401, 403) }`:
 * 400 for a body/query/params schema, 401 for signed-in access, 403 for a role or flag preset, 404 where it
 * loads by id, 409 where it conflicts, 429 where it is rate limited.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof messageSchema } {
  return Object.fromEntries(statuses.map((s) => [s, messageSchema])) as { [K in S[number]]: typeof messageSchema };
}

/**
 * The success answer of a download (a PDF, a CSV, a stored file), for its `response` schema:
 * `{ 200: fileResponse('application/pdf'), ...errorResponses(...) }`. The file leaves as it is (a stream
 * or buffer is never serialized); the document names its media type.
 */
export function fileResponse(contentType: string, description = 'The file') {
  return { description, content: { [contentType]: { schema: z.any() } } };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * OpenAPI 3.0 knows `nullable` only beside a `type`: zod writes a nullable union
 * (`z.union([z.number(), z.string(), z.null()])`) as `{anyOf: [...], nullable: true}`, so the null is
 * moved into each member of the union (null matches one of them, so the union still admits it).
 */
function typeNullableUnions(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(typeNullableUnions);
  if (!isObject(node)) return;
  const members = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (node.nullable === true && node.type === undefined && Array.isArray(members)) {
    delete node.nullable;
    for (const m of members) if (isObject(m) && m.type !== undefined) m.nullable = true;
  }
  for (const value of Object.values(node)) typeNullableUnions(value);
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The last step of the document (`transformObject` of @fastify/swagger): `servers` from PUBLIC_URL, the
 * licence (none open), the default success answer for an operation that declares only its errors (what
 * swagger gives one that declares no answer at all), and nullable unions typed.
 */
export function finishOpenapiDocument(publicUrl: string) {
  return (document: { openapiObject: Partial<Json> } | { swaggerObject: Partial<Json> }): Json => {
    const doc = ('openapiObject' in document ? document.openapiObject : document.swaggerObject) as Json & {
      paths?: Record<string, Record<string, { responses?: Json }>>;
    };
    const origin = new URL(publicUrl).origin;
    doc.servers = [{ url: origin }];
    // A private project: no open licence; the linter wants the field and its address (the portal's own).
    doc.info = { ...(doc.info as Json), license: { name: 'Proprietary, all rights reserved', url: origin } };
    for (const ops of Object.values(doc.paths ?? {}))
      for (const [method, op] of Object.entries(ops)) {
        if (!HTTP_METHODS.has(method) || !op.responses) continue;
        if (!Object.keys(op.responses).some((s) => s.startsWith('2')))
          op.responses = { 200: { description: 'Default Response' }, ...op.responses };
      }
    typeNullableUnions(doc.paths);
    typeNullableUnions(doc.components);
    return doc;
  };
}
