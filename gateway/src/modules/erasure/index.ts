import type { GatewayModule } from '../../shared/module';
import { ErasureResolver } from './erasure.resolver';
import { mountErasureRoutes } from './erasure.routes';

/** Erasure of a household on request (docs/security.md#erasure): super admin only, audited. */
export const erasureModule: GatewayModule = {
  name: 'erasure',
  resolvers: [ErasureResolver],
  routes: [mountErasureRoutes],
};
