import type { GatewayModule } from '../../shared/module';
import { ApiKey } from './api-key.entity';
import { ApiKeyResolver } from './api-key.resolver';
import { mountApiKeyRoutes } from './api-key.routes';

export const apiKeysModule: GatewayModule = {
  name: 'api-keys',
  entities: [ApiKey],
  resolvers: [ApiKeyResolver],
  routes: [mountApiKeyRoutes],
};
