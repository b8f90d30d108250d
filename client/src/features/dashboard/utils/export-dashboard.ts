import { format } from 'date-fns';
import { downloadBlob } from './chart-image';
import { buildDashboardWorkbook, type DashboardExportData } from './export-workbook';

/** Writes Infinitum_Dashboard_{timestamp}.xlsx; exceljs arrives in its own chunk on first use (spec 9). */
export async function exportDashboard(data: DashboardExportData, now = new Date()): Promise<string> {
  const { default: excel } = await import('exceljs');
  const buffer = await buildDashboardWorkbook(excel, data).xlsx.writeBuffer();
  const fileName = `Infinitum_Dashboard_${format(now, 'yyyyMMdd_HHmmss')}.xlsx`;
  downloadBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
  return fileName;
}
