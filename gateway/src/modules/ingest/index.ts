import type { GatewayModule } from '../../shared/module';
import { IngestResolver } from './ingest.resolver';
import { mountIngestRoutes } from './ingest.routes';

/** Bulk ingest and the hit log's status (the pixels themselves are the collector's). */
export const ingestModule: GatewayModule = {
  name: 'ingest',
  resolvers: [IngestResolver],
  routes: [mountIngestRoutes],
};
