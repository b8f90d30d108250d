import type { GatewayModule } from '../../shared/module';
import { IngestResolver } from './ingest.resolver';

/** Bulk ingest and the hit log's status (the pixels themselves are the collector's). */
export const ingestModule: GatewayModule = {
  name: 'ingest',
  resolvers: [IngestResolver],
};
