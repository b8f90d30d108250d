import type { ApolloClient } from '@apollo/client';
import { format } from 'date-fns';
import { TimelineAnnotationsDocument } from '../../../gql/graphql';
import { downloadBlob } from './chart-image';
import { buildDashboardWorkbook, type DashboardExportData } from './export-workbook';

/** The range whose notes and automatic markers go on the 'Annotations' sheet. */
export interface ExportRange {
  client_id: number;
  startdate: string;
  enddate: string;
}

/**
 * Writes Infinitum_Dashboard_{timestamp}.xlsx; exceljs arrives in its own chunk on first use (spec 9). The
 * range's annotations are read from the server (the same query as the notes under Visits Over Time).
 */
export async function exportDashboard(
  data: DashboardExportData,
  annotationsOf?: { apollo: ApolloClient; range: ExportRange } | null,
  now = new Date(),
): Promise<string> {
  const [{ default: excel }, annotations] = await Promise.all([
    import('exceljs'),
    annotationsOf
      ? annotationsOf.apollo
          .query({ query: TimelineAnnotationsDocument, variables: annotationsOf.range, fetchPolicy: 'network-only' })
          .then((r) => r.data?.annotations)
      : undefined,
  ]);
  const buffer = await buildDashboardWorkbook(excel, {
    ...data,
    annotations: data.annotations ?? annotations,
  }).xlsx.writeBuffer();
  const fileName = `Infinitum_Dashboard_${format(now, 'yyyyMMdd_HHmmss')}.xlsx`;
  downloadBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
  return fileName;
}
