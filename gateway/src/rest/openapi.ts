import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of /api, built from what each domain registers next to its routes
 * (request and response as zod schemas). Served at GET /api/openapi.json; a test checks that every
 * mounted route is documented and every documented path is mounted, and another generates a typed
 * client from it. Request and answer schemas are named components (`$ref`): a schema given an id with
 * `.meta({ id: 'BookingRecord' })` keeps it wherever it is used; any other body or answer is named after
 * its operation (`CreateBookingRequest`, `ListBookingsResponse`).
 */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express style: `/bookings/:id`. A trailing slash (`/bookings/`) is served and documented without it. */
  path: string;
  /** Unique and stable: the method name in generated clients (`listBookings`, `createBooking`). */
  operationId: string;
  summary: string;
  tag: string;
  /** false for public calls (login, pixels); default true (bearer token). */
  auth?: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Media type of the body; default application/json. */
  bodyType?: string;
  response?: z.ZodType;
  /** Media type of a 200 answer that is no JSON, e.g. text/html (a page for people); default application/json. */
  responseType?: string;
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

/** `/bookings/:id` -> `/bookings/{id}`; `/bookings/` -> `/bookings` (Express answers both forms alike). */
export const toOpenApiPath = (p: string) =>
  (p.length > 1 ? p.replace(/\/+$/, '') : p).replace(/:([A-Za-z_]+)/g, '{$1}');
const jsonSchema = (s: z.ZodType) =>
  z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' });
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Every 4xx/5xx answer: `{message, fields?}` (fields name the invalid inputs). */
const apiError = z.object({ message: z.string(), fields: z.record(z.string(), z.string()).optional() });

/**
 * Named schemas: those given an id anywhere (`.meta({ id })`, so nested uses become `$ref`s too), then
 * each operation's body and answer under its own name unless its schema already has one.
 */
function components() {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<z.ZodType, string>();
  const add = (schema: z.ZodType, id: string) => {
    const known = nameOf.get(schema);
    if (known) return known;
    if (registry.has(schema)) return registry.get(schema)!.id;
    registry.add(schema, { id });
    nameOf.set(schema, id);
    return id;
  };
  for (const [id, schema] of z.globalRegistry._idmap) add(schema as z.ZodType, id);
  add(apiError, 'ApiError');
  const names = new Map<ApiOperation, { body?: string; response?: string }>();
  for (const op of operations) {
    names.set(op, {
      body: op.body && add(op.body, `${pascal(op.operationId)}Request`),
      response: op.response && add(op.response, `${pascal(op.operationId)}Response`),
    });
  }
  const converted = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas;
  const schemas: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(converted)) {
    const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
    schemas[id] = rest;
  }
  return { schemas, names };
}

/** Extra security schemes and, per operation, who may call it (e.g. an API key holding the scope it needs). */
export interface ApiSecurity {
  schemes: Record<string, unknown>;
  of(method: string, path: string): Record<string, unknown>;
}

export function openApiDocument(version: string, security?: ApiSecurity) {
  const { schemas, names } = components();
  const paths: Record<string, Record<string, unknown>> = {};
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: ref('ApiError') } },
  });
  for (const op of operations) {
    const path = `/api${toOpenApiPath(op.path)}`;
    const named = names.get(op)!;
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
        ...(named.response
          ? { content: { [op.responseType ?? 'application/json']: { schema: ref(named.response) } } }
          : {}),
      },
      400: error('Invalid input: `{message, fields}`'),
    };
    if (op.auth !== false) {
      responses[401] = error('Missing or invalid access token');
      responses[403] = error('Not allowed for this role');
    }
    for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = error(description);
    paths[path] ??= {};
    paths[path][op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      ...(op.auth === false ? { security: [] } : (security?.of(op.method, op.path) ?? {})),
      parameters: [...params, ...query],
      ...(named.body
        ? {
            requestBody: {
              required: true,
              content: { [op.bodyType ?? 'application/json']: { schema: ref(named.body) } },
            },
          }
        : {}),
      responses,
    };
  }
  const tags = [...new Set(operations.map((o) => o.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Infinitum API',
      version,
      description:
        'Every path answers with or without a trailing slash (`POST /api/bookings/` is `POST /api/bookings`); ' +
        'this document lists the form without it.',
    },
    servers: [{ url: '/' }],
    tags,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, ...security?.schemes },
      schemas,
    },
    security: [{ bearer: [] }],
    paths,
  };
}
