import type { GatewayModule } from '../../shared/module';
import { AttributionChange } from './attribution-change.entity';
import { AttributionSettingsResolver } from './attribution-settings.resolver';
import { mountAttributionSettingsRoutes } from './attribution-settings.routes';
import { startRecomputeTask } from './recompute';

/** A customer's attribution windows W and S (docs/design.md#attribution-settings): settings, changes, recompute. */
export const attributionModule: GatewayModule = {
  name: 'attribution',
  entities: [AttributionChange],
  resolvers: [AttributionSettingsResolver],
  routes: [mountAttributionSettingsRoutes],
  tasks: [startRecomputeTask],
};
