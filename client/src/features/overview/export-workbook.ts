import type ExcelJSNamespace from 'exceljs';
import type { OverviewRow } from './rows';

type ExcelJS = typeof ExcelJSNamespace;

/** The export row of spec 2, in order. */
export const OVERVIEW_EXPORT_COLUMNS = [
  'customer_name',
  'campaign_name',
  'booking_name',
  'channel_name',
  'start_date',
  'end_date',
  'impressions',
  'spend',
  'cpm',
] as const;

const NUMBER_FORMATS: Partial<Record<(typeof OVERVIEW_EXPORT_COLUMNS)[number], string>> = {
  impressions: '#,##0',
  spend: '"$"#,##0.00',
  cpm: '"$"#,##0.00',
};
const MAX_WIDTH = 30;
export const OVERVIEW_SHEET = 'Campaign Overview';

/** Builds the workbook (exceljs is passed in: it is loaded on demand, never in the first chunk). */
export function buildOverviewWorkbook(excel: ExcelJS, rows: readonly OverviewRow[]) {
  const workbook = new excel.Workbook();
  workbook.creator = 'Infinitum';
  const sheet = workbook.addWorksheet(OVERVIEW_SHEET);
  sheet.columns = OVERVIEW_EXPORT_COLUMNS.map((key) => {
    const longest = Math.max(
      key.length,
      ...rows.map((r) => String(r[key] ?? '').length + (NUMBER_FORMATS[key] ? 4 : 0)),
    );
    return {
      header: key,
      key,
      width: Math.min(longest + 2, MAX_WIDTH),
      style: NUMBER_FORMATS[key] ? { numFmt: NUMBER_FORMATS[key] } : {},
    };
  });
  for (const r of rows) sheet.addRow(Object.fromEntries(OVERVIEW_EXPORT_COLUMNS.map((k) => [k, r[k] ?? ''])));
  sheet.getRow(1).font = { bold: true };
  return workbook;
}
