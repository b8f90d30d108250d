import type { GatewayModule } from '../../shared/module';
import { startRetentionTask } from './retention';
import { RetentionRun } from './retention.entity';

export const retentionModule: GatewayModule = {
  name: 'retention',
  entities: [RetentionRun],
  tasks: [startRetentionTask],
};
