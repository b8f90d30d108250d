import type { GatewayModule } from '../../shared/module';
import { ReportRecipient, ReportSchedule, ReportSend } from './report.entity';
import { ReportResolver } from './report.resolver';
import { mountReportRoutes } from './report.routes';
import { startReportTask } from './report.task';

export const reportsModule: GatewayModule = {
  name: 'reports',
  entities: [ReportSchedule, ReportRecipient, ReportSend],
  resolvers: [ReportResolver],
  routes: [mountReportRoutes],
  tasks: [startReportTask],
};
