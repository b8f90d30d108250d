/** The dashboard workbook lives in the shared package, so the scheduled report attaches the same workbook. */
export {
  buildDashboardWorkbook,
  COUNT,
  CURRENCY,
  dashboardSheets,
  exportSheets,
  looksLikeFormula,
  PERCENT,
  type DashboardExportData,
  type ExportChange,
  type ExportComparison,
  type SheetSpec,
} from '@infinitum/rules';
