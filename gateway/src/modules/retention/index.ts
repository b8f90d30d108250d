import type { GatewayModule } from '../../shared/module';
import { startRetentionTask } from './retention';
import { RetentionRun } from './retention.entity';
import { mountRetentionRoutes } from './retention.routes';

export const retentionModule: GatewayModule = {
  name: 'retention',
  entities: [RetentionRun],
  routes: [mountRetentionRoutes],
  tasks: [startRetentionTask],
};
