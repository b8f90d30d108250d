import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import { closeHitLogOf } from './stream';
import { join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import express from 'express';
import type { Config } from './config';
import { mountCollectorRoutes } from './collector/mount';
import { mountOptOutPage, mountOptOutPixel } from './collector/opt-out.routes';
import { mountMetrics } from './web/metrics';
import { createDataSource } from './db/data-source';
import { type GqlContext, requestContext } from './graphql/context';
import { formatGraphqlError } from './graphql/errors';
import { introspectionGate } from './graphql/introspection';
import { buildGatewaySchema } from './graphql/schema';
import { apiKeyScopePlugin } from './modules/api-keys/api-key.plugin';
import { API_KEY_SECURITY, apiKeySecurity } from './modules/api-keys/api-key.scope';
import { authenticate } from './modules/auth/authenticate';
import { errorHandler } from './rest/http';
import { securityHeaders } from './security-headers';
import { createRestRouter, jsonBody } from './rest/router';
import type { AppContext } from './shared/app-context';
import { createLogger } from './shared/logger';
import { createMailer } from './shared/mailer';
import { createRedis, redisKeys } from './shared/redis';
import { apiCompression, privateAnswers } from './web/api-compression';
import { mountClientAssets } from './web/client-assets';
import { backgroundTasks, entities, resolvers, restMounts } from './modules';

export interface Gateway {
  app: AppContext;
  http: Server;
  /** Resolves once listening; the port actually bound (PORT=0 picks a free one). */
  listen(port?: number): Promise<number>;
  close(): Promise<void>;
}

/** Composition root: data source, Redis, mailer, Apollo, /api, /t, health, the built client, background tasks. */
export async function createGateway(config: Config, options: { worker?: boolean } = {}): Promise<Gateway> {
  const log = createLogger(config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL);
  for (const w of config.warnings) log.warn(w);
  const ds = createDataSource(config.MYSQL_URL, { entities });
  await ds.initialize();
  const redis = createRedis(config, 'gateway');
  const app: AppContext = {
    config,
    ds,
    redis,
    keys: redisKeys(config.REDIS_PREFIX),
    log,
    mailer: createMailer(config.SMTP_URL, config.MAIL_FROM),
  };

  const web = express();
  web.disable('x-powered-by');
  web.set('trust proxy', config.TRUSTED_PROXIES ? config.TRUSTED_PROXIES.split(',').map((s) => s.trim()) : false);

  web.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  web.get('/readyz', (_req, res) => {
    Promise.all([ds.query('SELECT 1'), redis.ping()]).then(
      () => res.json({ status: 'ready', mysql: 'ok', redis: 'ok' }),
      (e: unknown) =>
        res.status(503).json({ status: 'unavailable', message: e instanceof Error ? e.message : String(e) }),
    );
  });

  mountMetrics(web, app);

  // Authenticate once, below both transports (and the collector's /api/ingest routes): REST and GraphQL read it.
  web.use(['/api', '/graphql'], authenticate(app));
  const collector = mountCollectorRoutes(web, app);
  // The opt-out pixel too (docs/invalid-traffic.md#opt-out): customers embed it in their own privacy pages.
  mountOptOutPixel(web, app);
  // After the collector: its pixel and tag script are embedded in other sites' pages by design.
  web.use(securityHeaders(config));
  mountOptOutPage(web, app);

  // Token limit in graphql-js's own parser: armor's maxTokens plugin parses inside a plugin hook, so
  // every syntax error (and the limit) answered HTTP 500 instead of a 400 GRAPHQL_PARSE_FAILED.
  // Introspection fields count against depth and cost too: a 21-deep __schema query is refused like any other.
  const armor = new ApolloArmor({
    maxDepth: { n: 12, ignoreIntrospection: false },
    costLimit: { maxCost: 20000, ignoreIntrospection: false },
    maxAliases: { n: 30 },
    maxTokens: { enabled: false },
  });
  const apollo = new ApolloServer<GqlContext>({
    schema: await buildGatewaySchema(resolvers),
    formatError: formatGraphqlError,
    parseOptions: { maxTokens: 1000 },
    // Apollo's own switch stays on: introspectionGate decides per request (a super admin in production).
    introspection: true,
    // The product sends full documents; automatic persisted queries (a cache shared by every caller) stay off,
    // and a hash-only request answers PersistedQueryNotSupported (docs/security.md#api-keys).
    persistedQueries: false,
    // Apollo's CSRF prevention stays on (its default): a GET runs only with a preflight header, and only queries.
    csrfPrevention: true,
    ...armor.protect(),
  });
  apollo.addPlugin(introspectionGate(config));
  apollo.addPlugin(apiKeyScopePlugin());
  await apollo.start();
  web.use(['/api', '/graphql'], privateAnswers, apiCompression);
  web.use(
    '/graphql',
    jsonBody(config.BODY_LIMIT),
    expressMiddleware(apollo, {
      context: ({ req }) => requestContext(app, req),
    }),
  );
  web.use('/api', createRestRouter(app, restMounts, { schemes: API_KEY_SECURITY, of: apiKeySecurity }));

  mountClientAssets(web, join(__dirname, '..', '..', 'client', 'dist'));

  web.use(errorHandler(app));

  const http = createServer(web);
  // Idle keep-alive connections outlive a load balancer's (60 s) and a client's reuse of them, so a request
  // sent on a connection the gateway is closing that very moment (ECONNRESET, a POST is not retried) is rare.
  http.keepAliveTimeout = 65_000;
  const stops: (() => Promise<void>)[] = [];
  if (options.worker ?? config.WORKER === '1') {
    for (const task of backgroundTasks) stops.push(await task(app));
  }

  return {
    app,
    http,
    listen: (port = config.PORT) =>
      new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, () => {
          const addr = http.address();
          resolve(typeof addr === 'object' && addr ? addr.port : port);
        });
      }),
    async close() {
      for (const stop of stops.reverse()) await stop();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections?.();
      // After the last request: its pixels' hits are streamed, then the collector deregisters.
      await collector.stop();
      await apollo.stop();
      await closeHitLogOf(app);
      redis.disconnect();
      await ds.destroy();
    },
  };
}
