import type { GatewayModule } from '../../shared/module';
import { ReportRecipient, ReportSchedule, ReportSend } from './report.entity';
import { mountReportRoutes } from './report.routes';
import { startReportTask } from './report.task';

export const reportsModule: GatewayModule = {
  name: 'reports',
  entities: [ReportSchedule, ReportRecipient, ReportSend],
  routes: [mountReportRoutes],
  tasks: [startReportTask],
};
