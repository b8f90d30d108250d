import type { GatewayModule } from '../../shared/module';
import { mountLiveRoutes } from './live.routes';

/** The live view of a customer's last 30 minutes (docs/design.md#live-view). */
export const liveModule: GatewayModule = {
  name: 'live',
  routes: [mountLiveRoutes],
};
