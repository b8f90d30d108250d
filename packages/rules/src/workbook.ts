import type ExcelJSNamespace from 'exceljs';

/**
 * The dashboard workbook of spec 9, the same for the client's export and the gateway's scheduled report
 * (docs/operations.md#scheduled-reports): pure, exceljs given as a parameter (the client loads it on first use).
 */

/** Heatmap columns of spec 9: Sun..Sat plus Total. */
export const HEATMAP_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const HEATMAP_COLUMNS = [...HEATMAP_DAYS, 'Total'] as const;

type ExcelJS = typeof ExcelJSNamespace;
type Row = Record<string, unknown>;

/** Spreadsheet formats of spec 9. */
export const PERCENT = '0.0%';
export const CURRENCY = '"$"#,##0.00';
export const COUNT = '#,##0';
const MAX_WIDTH = 30;

export interface SheetSpec {
  name: string;
  columns: { key: string; numFmt?: string }[];
  rows: readonly Row[];
}

export interface DashboardExportData {
  summary?: Row;
  beforeVisit?: readonly Row[];
  regions?: readonly Row[];
  sites?: readonly Row[];
  overTime?: readonly Row[];
  timing?: Row;
  platform?: readonly Row[];
  creatives?: readonly Row[];
  cost?: readonly Row[];
  heatmap?: { impressions: readonly Row[]; webhits: readonly Row[]; response_ratio: readonly Row[] };
  /** docs/design.md#reach-frequency-and-lift, after the spec's 12 sheets. */
  reach?: { table_data: readonly Row[]; summary_data: Row };
  lift?: Row;
  /** docs/invalid-traffic.md#the-report: the 'Invalid Traffic' sheet, one row per reason, totals last. */
  invalid?: { table_data: readonly Row[]; summary_data: Row };
  /** With "Compare to" on (docs/design.md#period-comparison): the server's comparison, written beside the numbers. */
  comparison?: ExportComparison;
  /** The notes and automatic markers of the range (docs/design.md#annotations): the 'Annotations' sheet. */
  annotations?: { notes: readonly Row[]; automatic: readonly Row[] };
}

/** One figure compared, as the server answers it (FigureChange). */
export interface ExportChange {
  Metric: string;
  Value: number;
  Compare_Value: number;
  Change: number;
  Change_Percent?: number | null;
}

/** The comparison parts of the calls that offer one. */
export interface ExportComparison {
  summary?: readonly ExportChange[];
  timing?: readonly ExportChange[];
  sites?: readonly { Key: string; changes: readonly ExportChange[] }[];
  creatives?: readonly { Key: string; changes: readonly ExportChange[] }[];
  cost?: readonly { Key: string; changes: readonly ExportChange[] }[];
  overTime?: readonly Row[];
}

/** Whether the timing answer has the Beyond_Week bucket (absent, or null on GraphQL, under a window of a week or less). */
const beyondWeek = (t: Row | undefined): boolean => t?.Beyond_Week !== undefined && t?.Beyond_Week !== null;

const heat = (name: string, rows: readonly Row[] | undefined, numFmt: string): SheetSpec => ({
  name,
  columns: [{ key: 'time' }, ...HEATMAP_COLUMNS.map((key) => ({ key, numFmt }))],
  rows: rows ?? [],
});

/**
 * The 12 sheets of spec 9, in its order (region latitude, longitude and rad_size are left out), then
 * 'Reach Frequency' and 'Incremental Lift' (docs/design.md#reach-frequency-and-lift), then 'Invalid Traffic'
 * (docs/invalid-traffic.md#the-report).
 */
export function dashboardSheets(d: DashboardExportData): SheetSpec[] {
  return [
    {
      name: 'Impressions Summary',
      columns: [
        { key: 'Ad_Spend', numFmt: CURRENCY },
        { key: 'Actual_Impressions', numFmt: COUNT },
        { key: 'Total_Responses', numFmt: COUNT },
        { key: 'CPM_Actual', numFmt: CURRENCY },
        { key: 'Response_Rate', numFmt: PERCENT },
        { key: 'Current_CPR', numFmt: CURRENCY },
      ],
      rows: d.summary ? [d.summary] : [],
    },
    {
      name: 'Impressions Before Visit',
      columns: [
        { key: 'Views', numFmt: COUNT },
        { key: 'Impressions_Before_Visit', numFmt: COUNT },
      ],
      rows: d.beforeVisit ?? [],
    },
    {
      name: 'Responses By Region',
      columns: [{ key: 'Region' }, { key: 'Responses', numFmt: COUNT }, { key: 'Percentage', numFmt: PERCENT }],
      rows: d.regions ?? [],
    },
    {
      name: 'Responses By Site',
      columns: [
        { key: 'Site' },
        { key: 'Responses', numFmt: COUNT },
        { key: 'Response_Rate_Percent', numFmt: PERCENT },
        { key: 'CPR', numFmt: CURRENCY },
      ],
      rows: d.sites ?? [],
    },
    {
      name: 'Responses Over Time',
      columns: [
        { key: 'Date' },
        { key: 'Total_Impressions', numFmt: COUNT },
        { key: 'Same_Day', numFmt: COUNT },
        { key: 'Total_Responses', numFmt: COUNT },
      ],
      rows: d.overTime ?? [],
    },
    {
      name: 'Visit Response Timing',
      // Beyond_Week only when the answer has it (a touch window longer than a week: docs/design.md#attribution-settings).
      columns: [
        { key: 'Hour_1', numFmt: COUNT },
        { key: 'Day_1', numFmt: COUNT },
        { key: 'Week_1', numFmt: COUNT },
        ...(beyondWeek(d.timing) ? [{ key: 'Beyond_Week', numFmt: COUNT }] : []),
        { key: 'Hour_1_Perc', numFmt: PERCENT },
        { key: 'Day_1_Perc', numFmt: PERCENT },
        { key: 'Week_1_Perc', numFmt: PERCENT },
        ...(beyondWeek(d.timing) ? [{ key: 'Beyond_Week_Perc', numFmt: PERCENT }] : []),
      ],
      rows: d.timing ? [d.timing] : [],
    },
    {
      name: 'Creative Performance',
      columns: [
        { key: 'Platform' },
        { key: 'Creative' },
        { key: 'Impressions_Perc', numFmt: PERCENT },
        { key: 'Responses_Perc', numFmt: PERCENT },
      ],
      rows: d.platform ?? [],
    },
    {
      name: 'Creative Summary',
      columns: [
        { key: 'Creative' },
        { key: 'Duration' },
        { key: 'Total_Impressions', numFmt: COUNT },
        { key: 'Ad_Spend', numFmt: CURRENCY },
        { key: 'Total_Responses', numFmt: COUNT },
        { key: 'Response_Rate_Percent', numFmt: PERCENT },
        { key: 'Current_CPR', numFmt: CURRENCY },
      ],
      rows: d.creatives ?? [],
    },
    {
      name: 'Creative Cost',
      columns: [
        { key: 'Creative' },
        { key: 'Ad_Spend', numFmt: CURRENCY },
        { key: 'Total_Responses', numFmt: COUNT },
        { key: 'Current_CPR', numFmt: CURRENCY },
      ],
      rows: d.cost ?? [],
    },
    heat('Heatmap - Impressions', d.heatmap?.impressions, COUNT),
    heat('Heatmap - Visits', d.heatmap?.webhits, COUNT),
    heat('Heatmap Response Rate', d.heatmap?.response_ratio, PERCENT),
    {
      name: 'Reach Frequency',
      columns: [
        { key: 'Frequency', numFmt: COUNT },
        { key: 'Households', numFmt: COUNT },
        { key: 'Responding', numFmt: COUNT },
        { key: 'Response_Rate', numFmt: PERCENT },
        { key: 'Reach', numFmt: COUNT },
        { key: 'Avg_Frequency', numFmt: '0.0' },
        { key: 'Optimal_Frequency', numFmt: COUNT },
      ],
      // The summary figures ride on the first row (one sheet per call, as the spec's sheets are).
      rows: (d.reach?.table_data ?? []).map((r, i) => (i === 0 ? { ...r, ...d.reach!.summary_data } : r)),
    },
    {
      name: 'Incremental Lift',
      columns: [
        { key: 'Method' },
        { key: 'Exposed_Households', numFmt: COUNT },
        { key: 'Control_Households', numFmt: COUNT },
        { key: 'Exposed_Rate', numFmt: PERCENT },
        { key: 'Control_Rate', numFmt: PERCENT },
        { key: 'Incremental_Responses', numFmt: '#,##0.0' },
        { key: 'Lift', numFmt: PERCENT },
        { key: 'Lift_Low', numFmt: PERCENT },
        { key: 'Lift_High', numFmt: PERCENT },
      ],
      rows: d.lift ? [d.lift] : [],
    },
    {
      name: 'Invalid Traffic',
      columns: [
        { key: 'Reason' },
        { key: 'Label' },
        { key: 'Invalid_Impressions', numFmt: COUNT },
        { key: 'Invalid_Visits', numFmt: COUNT },
        { key: 'Invalid_Spend', numFmt: CURRENCY },
        { key: 'Counted_Impressions', numFmt: COUNT },
        { key: 'Filtered_Share', numFmt: PERCENT },
      ],
      // One row per reason, then the totals (with the counted impressions and the share filtered).
      rows: d.invalid ? [...d.invalid.table_data, { Reason: 'total', Label: 'Total', ...d.invalid.summary_data }] : [],
    },
  ];
}

/** The columns a compared figure adds after its own: the comparison value, the change and the change in percent. */
function changeColumns(column: { key: string; numFmt?: string }) {
  return [
    { key: `${column.key} compare`, numFmt: column.numFmt },
    { key: `${column.key} change`, numFmt: column.numFmt },
    { key: `${column.key} change %`, numFmt: PERCENT },
  ];
}

/** A change's cells under the names of changeColumns (a blank percent when the comparison value is 0: "new"). */
function changeCells(c: ExportChange): Row {
  return {
    [`${c.Metric} compare`]: c.Compare_Value,
    [`${c.Metric} change`]: c.Change,
    [`${c.Metric} change %`]: c.Change_Percent ?? null,
  };
}

/** A one-row sheet (summary figures) with each compared figure's columns beside it. */
function comparedFigures(spec: SheetSpec, changes: readonly ExportChange[]): SheetSpec {
  const by = new Map(changes.map((c) => [c.Metric, c]));
  return {
    ...spec,
    columns: spec.columns.flatMap((col) => (by.has(col.key) ? [col, ...changeColumns(col)] : [col])),
    rows: spec.rows.map((r) => Object.assign({}, r, ...changes.map(changeCells))),
  };
}

/**
 * A table sheet with each compared figure's columns beside it, its rows paired with the server's row_changes by
 * name; the rows only the comparison range has come last, with their figures at 0 (what a stopped row lost).
 */
function comparedRows(
  spec: SheetSpec,
  key: string,
  rowChanges: readonly { Key: string; changes: readonly ExportChange[] }[],
): SheetSpec {
  const metrics = new Set(rowChanges.flatMap((r) => r.changes.map((c) => c.Metric)));
  const by = new Map(rowChanges.map((r) => [r.Key, r.changes]));
  const present = new Set(spec.rows.map((r) => String(r[key])));
  const cells = (changes: readonly ExportChange[] | undefined) =>
    Object.assign({}, ...(changes ?? []).map(changeCells));
  const only = rowChanges
    .filter((r) => !present.has(r.Key))
    .map((r) => ({
      [key]: r.Key,
      ...Object.fromEntries(r.changes.map((c) => [c.Metric, c.Value])),
      ...cells(r.changes),
    }));
  return {
    ...spec,
    columns: spec.columns.flatMap((col) => (metrics.has(col.key) ? [col, ...changeColumns(col)] : [col])),
    rows: [...spec.rows.map((r) => ({ ...r, ...cells(by.get(String(r[key]))) })), ...only],
  };
}

/** Responses Over Time with the comparison range's days beside, day k of one range by day k of the other. */
function comparedDays(spec: SheetSpec, days: readonly Row[]): SheetSpec {
  const figures = spec.columns.filter((c) => c.key !== 'Date');
  const rows = Array.from({ length: Math.max(spec.rows.length, days.length) }, (_, i) => ({
    ...(spec.rows[i] ?? {}),
    Compare_Date: days[i]?.Date ?? '',
    ...Object.fromEntries(figures.map((c) => [`${c.key} compare`, days[i]?.[c.key] ?? null])),
  }));
  return {
    ...spec,
    columns: [
      ...spec.columns,
      { key: 'Compare_Date' },
      ...figures.map((c) => ({ key: `${c.key} compare`, numFmt: c.numFmt })),
    ],
    rows,
  };
}

/** The sheets with the comparison beside their numbers (the calls that offer one), then 'Annotations'. */
export function exportSheets(d: DashboardExportData): SheetSpec[] {
  const c = d.comparison;
  const sheets = dashboardSheets(d).map((spec) => {
    if (!c) return spec;
    switch (spec.name) {
      case 'Impressions Summary':
        return c.summary ? comparedFigures(spec, c.summary) : spec;
      case 'Visit Response Timing':
        return c.timing ? comparedFigures(spec, c.timing) : spec;
      case 'Responses By Site':
        return c.sites ? comparedRows(spec, 'Site', c.sites) : spec;
      case 'Creative Summary':
        return c.creatives ? comparedRows(spec, 'Creative', c.creatives) : spec;
      case 'Creative Cost':
        return c.cost ? comparedRows(spec, 'Creative', c.cost) : spec;
      case 'Responses Over Time':
        return c.overTime ? comparedDays(spec, c.overTime) : spec;
      default:
        return spec;
    }
  });
  const notes = (d.annotations?.notes ?? []).map((n) => ({
    Kind: 'note',
    Start_Date: n.start_date,
    End_Date: n.end_date,
    Text: n.note,
    Campaign: n.campaign_name ?? '',
    Created_By: n.created_by_name ?? '',
  }));
  const automatic = (d.annotations?.automatic ?? []).map((m) => ({
    Kind: m.kind,
    Start_Date: m.date,
    End_Date: m.date,
    Text: m.text,
    Campaign: '',
    Created_By: '',
  }));
  sheets.push({
    name: 'Annotations',
    columns: ['Kind', 'Start_Date', 'End_Date', 'Text', 'Campaign', 'Created_By'].map((key) => ({ key })),
    rows: [...notes, ...automatic].sort((a, b) => String(a.Start_Date).localeCompare(String(b.Start_Date))),
  });
  return sheets;
}

/** A text that a spreadsheet would read as a formula (or a command) if it were typed. */
export const looksLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text);

/**
 * One row: numbers stay numbers, everything else is written as text. exceljs stores text as shared
 * strings (t="s"), which a spreadsheet never evaluates, so '=1+1' or '@SUM(A1)' stays what it says.
 */
function writeRow(sheet: ExcelJSNamespace.Worksheet, spec: SheetSpec, row: Row) {
  sheet.addRow(
    spec.columns.map(({ key }) => {
      const v = row[key];
      if (typeof v === 'number') return Number.isFinite(v) ? v : null;
      return v == null ? '' : String(v);
    }),
  );
}

export function buildDashboardWorkbook(excel: ExcelJS, data: DashboardExportData) {
  const workbook = new excel.Workbook();
  workbook.creator = 'Infinitum';
  for (const spec of exportSheets(data)) {
    const sheet = workbook.addWorksheet(spec.name);
    sheet.columns = spec.columns.map(({ key, numFmt }) => {
      const longest = Math.max(key.length, ...spec.rows.map((r) => String(r[key] ?? '').length + (numFmt ? 4 : 0)));
      return { header: key, key, width: Math.min(longest + 2, MAX_WIDTH), style: numFmt ? { numFmt } : {} };
    });
    for (const r of spec.rows) writeRow(sheet, spec, r);
    sheet.getRow(1).font = { bold: true };
  }
  return workbook;
}
