import { format } from 'date-fns';
import { buildOverviewWorkbook } from './export-workbook';
import type { OverviewRow } from './rows';

/** Writes Infinitum_Overview_{timestamp}.xlsx; exceljs arrives in its own chunk on first use. */
export async function exportOverview(rows: readonly OverviewRow[], now = new Date()): Promise<string> {
  const { default: excel } = await import('exceljs');
  const buffer = await buildOverviewWorkbook(excel, rows).xlsx.writeBuffer();
  const fileName = `Infinitum_Overview_${format(now, 'yyyyMMdd_HHmmss')}.xlsx`;
  const url = URL.createObjectURL(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}
