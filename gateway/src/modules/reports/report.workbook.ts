import ExcelJS from 'exceljs';
import { type Actor, buildDashboardWorkbook, type DashboardExportData } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { listAnnotations } from '../annotations/annotation.service';
import { runDashboardCall } from '../analytics/dashboard.service';

/**
 * The dashboard workbook of a report's period (docs/operations.md#scheduled-reports): the same dashboard calls the
 * dashboard screen makes, as the recipient may see them, written by the same builder as the client's export
 * (`@infinitum/rules` workbook), so the attachment equals what "Export" on the dashboard gives for those dates.
 */
export async function reportWorkbookData(
  app: AppContext,
  actor: Actor,
  customerId: number,
  start: string,
  end: string,
): Promise<DashboardExportData> {
  const filter = { client_id: customerId, startdate: start, enddate: end };
  // One call after another: a report is a background job, not worth a burst on the database.
  const summary = await runDashboardCall(app, actor, 'impression_summary', filter);
  const beforeVisit = await runDashboardCall(app, actor, 'impressions_before_visit', filter);
  const regions = await runDashboardCall(app, actor, 'responses_by_region', filter);
  const sites = await runDashboardCall(app, actor, 'responses_by_site', filter);
  const overTime = await runDashboardCall(app, actor, 'responses_over_time', filter);
  const timing = await runDashboardCall(app, actor, 'visit_response_timing', filter);
  const platform = await runDashboardCall(app, actor, 'platform_creative_performance', filter);
  const creatives = await runDashboardCall(app, actor, 'creative_performance_summary', filter);
  const cost = await runDashboardCall(app, actor, 'creative_performance_cost', filter);
  const heatmap = await runDashboardCall(app, actor, 'impression_heatmap', filter);
  const reach = await runDashboardCall(app, actor, 'reach_frequency', filter);
  const lift = await runDashboardCall(app, actor, 'incremental_lift', filter);
  const annotations = await listAnnotations(app, actor, filter);
  return {
    summary: summary.summary_data,
    beforeVisit: beforeVisit.table_data,
    regions: regions.table_data,
    sites: sites.table_data,
    overTime: overTime.table_data,
    timing: timing.summary_data,
    platform: platform.table_data,
    creatives: creatives.table_data,
    cost: cost.table_data,
    heatmap: heatmap.table_data,
    reach,
    lift: lift.summary_data,
    annotations,
  } as unknown as DashboardExportData;
}

/** The .xlsx bytes of a report's workbook. */
export async function reportWorkbook(
  app: AppContext,
  actor: Actor,
  customerId: number,
  start: string,
  end: string,
): Promise<Buffer> {
  const data = await reportWorkbookData(app, actor, customerId, start, end);
  const bytes = await buildDashboardWorkbook(ExcelJS, data).xlsx.writeBuffer();
  return Buffer.from(bytes as ArrayBuffer);
}
