import type { GatewayModule } from '../../shared/module';
import { Creative } from './creative.entity';
import { CreativeResolver } from './creative.resolver';
import { mountCreativeRoutes } from './creative.routes';

export const creativesModule: GatewayModule = {
  name: 'creatives',
  entities: [Creative],
  resolvers: [CreativeResolver],
  routes: [mountCreativeRoutes],
};
