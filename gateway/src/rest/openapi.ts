import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of /api, built from what each domain registers next to its routes
 * (request and response as zod schemas). Served at GET /api/openapi.json; a test checks that every
 * mounted route is documented and every documented path is mounted.
 */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express style: `/bookings/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** false for public calls (login, pixels); default true (bearer token). */
  auth?: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Other documented statuses, e.g. { 404: 'Unknown or not visible' }. */
  errors?: Record<number, string>;
}

const operations: ApiOperation[] = [];

export function documentApi(...ops: ApiOperation[]): void {
  for (const op of ops) {
    if (!operations.some((o) => o.method === op.method && o.path === op.path)) operations.push(op);
  }
}

export const documentedOperations = (): readonly ApiOperation[] => operations;

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z_]+)/g, '{$1}');
const jsonSchema = (s: z.ZodType) =>
  z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' });

export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = `/api${toOpenApiPath(op.path)}`;
    const params = [...op.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: m[1].toLowerCase().endsWith('id') ? 'integer' : 'string' },
    }));
    const query = op.query
      ? Object.entries(op.query.shape).map(([name, s]) => ({
          name,
          in: 'query',
          required: !(s as z.ZodType).safeParse(undefined).success,
          schema: jsonSchema(s as z.ZodType),
        }))
      : [];
    const responses: Record<string, unknown> = {
      200: {
        description: 'OK',
        ...(op.response ? { content: { 'application/json': { schema: jsonSchema(op.response) } } } : {}),
      },
      400: { description: 'Invalid input: `{message, fields}`' },
    };
    if (op.auth !== false) {
      responses[401] = { description: 'Missing or invalid access token' };
      responses[403] = { description: 'Not allowed for this role' };
    }
    for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = { description };
    paths[path] ??= {};
    paths[path][op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(op.auth === false ? { security: [] } : {}),
      parameters: [...params, ...query],
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Infinitum API', version },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
