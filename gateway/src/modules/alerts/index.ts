import type { GatewayModule } from '../../shared/module';
import { AlertEpisode, AlertRead, AlertRecipient, AlertRule, AlertRun, AlertSend, TaskLease } from './alert.entity';
import { AlertResolver } from './alert.resolver';
import { mountAlertRoutes } from './alert.routes';
import { startAlertTask } from './alert.task';

export const alertsModule: GatewayModule = {
  name: 'alerts',
  entities: [AlertRule, AlertRecipient, AlertEpisode, AlertRead, AlertSend, TaskLease, AlertRun],
  resolvers: [AlertResolver],
  routes: [mountAlertRoutes],
  tasks: [startAlertTask],
};
