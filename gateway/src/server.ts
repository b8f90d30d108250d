import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import express from 'express';
import type { Config } from './config';
import { createDataSource } from './db/data-source';
import { buildContext, type GqlContext } from './graphql/context';
import { formatGraphqlError } from './graphql/errors';
import { buildGatewaySchema } from './graphql/schema';
import { graphqlActor } from './modules/auth/graphql-actor';
import { errorHandler } from './rest/http';
import { createRestRouter, jsonBody } from './rest/router';
import type { AppContext } from './shared/app-context';
import { backgroundTasks, mountCollector } from './shared/extensions';
import { createLogger } from './shared/logger';
import { createMailer } from './shared/mailer';
import { createRedis, redisKeys } from './shared/redis';

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
  const ds = createDataSource(config.MYSQL_URL);
  await ds.initialize();
  const redis = createRedis(config.REDIS_URL, 'gateway');
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

  mountCollector(web, app);

  // Token limit in graphql-js's own parser: armor's maxTokens plugin parses inside a plugin hook, so
  // every syntax error (and the limit) answered HTTP 500 instead of a 400 GRAPHQL_PARSE_FAILED.
  const armor = new ApolloArmor({
    maxDepth: { n: 12 },
    costLimit: { maxCost: 20000 },
    maxAliases: { n: 30 },
    maxTokens: { enabled: false },
  });
  const apollo = new ApolloServer<GqlContext>({
    schema: await buildGatewaySchema(),
    formatError: formatGraphqlError,
    parseOptions: { maxTokens: 1000 },
    introspection: true,
    ...armor.protect(),
  });
  await apollo.start();
  web.use(
    '/graphql',
    jsonBody(config.BODY_LIMIT),
    expressMiddleware(apollo, {
      context: async ({ req }) =>
        buildContext(app, await graphqlActor(app, req.headers.authorization, req.body), req.ip),
    }),
  );
  web.use('/api', createRestRouter(app));

  const clientDist = join(__dirname, '..', '..', 'client', 'dist');
  if (existsSync(join(clientDist, 'index.html'))) {
    web.use(express.static(clientDist, { index: false, maxAge: '1h' }));
    // History fallback: every other GET is a client route.
    web.get(/^\/(?!api\/|graphql|t\/).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(clientDist, 'index.html'));
    });
  }

  web.use(errorHandler(app));

  const http = createServer(web);
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
      await apollo.stop();
      redis.disconnect();
      await ds.destroy();
    },
  };
}
