import ExcelJS from 'exceljs';
import {
  categoryHeight,
  clamp,
  correlationLabel,
  coverage,
  heatOpacity,
  rankedAxisMax,
  thinTicks,
  viewsShown,
} from './chart-data';
import { pageRows, rangeLabel } from './details-paging';
import { buildDashboardWorkbook, dashboardSheets, exportSheets, looksLikeFormula } from './export-workbook';

describe('spec 2 / 9 constants as the panels use them', () => {
  it('details paging: 6 a page, padded, x–y of n or 0-0 of 0', () => {
    expect(rangeLabel(0, 0)).toBe('0-0 of 0');
    expect(rangeLabel(0, 8)).toBe('1–6 of 8');
    expect(rangeLabel(1, 8)).toBe('7–8 of 8');
    expect(pageRows([1, 2, 3, 4, 5, 6, 7, 8], 1)).toEqual([7, 8, null, null, null, null]);
  });
  it('gauges clamp; correlation labels at 0.4 and 0.7', () => {
    expect(clamp(1.4, 1)).toBe(1);
    expect(clamp(-0.2, 1)).toBe(0);
    expect(clamp(12, 10)).toBe(10);
    expect([0.39, 0.4, 0.69, 0.7].map(correlationLabel)).toEqual(['Weak', 'Moderate', 'Moderate', 'Strong']);
  });
  it('at most about 15 date ticks, then every nth', () => {
    expect(thinTicks([...Array(15).keys()])).toHaveLength(15);
    expect(thinTicks([...Array(30).keys()])).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28]);
  });
  it('impressions before visit: views up to 7, descending, and the coverage of the shown rows', () => {
    const rows = [1, 2, 8, 7].map((Views) => ({ Views, Impressions_Before_Visit: 10 }));
    expect(viewsShown(rows).map((r) => r.Views)).toEqual([7, 2, 1]);
    expect(coverage(viewsShown(rows), rows)).toBe(0.75);
  });
  it('ranked axis 1.1 x the top value (100 when none), category height, heat opacity 0.1-0.9', () => {
    expect(rankedAxisMax([10, 50])).toBeCloseTo(55);
    expect(rankedAxisMax([])).toBe(100);
    expect(categoryHeight(3)).toBe(400);
    expect(categoryHeight(20)).toBe(900);
    expect(heatOpacity(0, 10)).toBe(0.1);
    expect(heatOpacity(10, 10)).toBeCloseTo(0.9);
  });
});

describe('the 12-sheet export (spec 9), the two of reach and lift and invalid traffic', () => {
  it('has the sheets in order and keeps formula-like text as text', async () => {
    const names = dashboardSheets({}).map((s) => s.name);
    expect(names).toHaveLength(15);
    expect(names[0]).toBe('Impressions Summary');
    expect(names[11]).toBe('Heatmap Response Rate');
    expect(names.slice(12)).toEqual(['Reach Frequency', 'Incremental Lift', 'Invalid Traffic']);
    expect(['=1+1', '+A', '-2', '@SUM(A1)', '\tx'].every(looksLikeFormula)).toBe(true);
    const wb = buildDashboardWorkbook(ExcelJS, {
      sites: [{ Site: '=HYPERLINK("http://evil","x")', Responses: 3, Response_Rate_Percent: 0.1, CPR: 2 }],
    });
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await wb.xlsx.writeBuffer());
    const cell = back.getWorksheet('Responses By Site')!.getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil","x")');
    expect(back.getWorksheet('Responses By Site')!.getCell('C2').numFmt).toBe('0.0%');
  });
});

describe('the compared export (docs/design.md#period-comparison)', () => {
  const change = (Metric: string, Value: number, Compare_Value: number) => ({
    Metric,
    Value,
    Compare_Value,
    Change: Value - Compare_Value,
    Change_Percent: Compare_Value === 0 ? null : (Value - Compare_Value) / Compare_Value,
  });
  it('writes each compared figure beside its own; a row only the comparison range has comes last', () => {
    const sheets = exportSheets({
      cost: [{ Creative: 'A', Ad_Spend: 10, Total_Responses: 4, Current_CPR: 2.5 }],
      comparison: {
        cost: [
          { Key: 'A', changes: [change('Total_Responses', 4, 2)] },
          { Key: 'Gone', changes: [change('Total_Responses', 0, 5)] },
        ],
      },
    });
    const cost = sheets.find((s) => s.name === 'Creative Cost')!;
    expect(cost.columns.map((c) => c.key)).toEqual([
      'Creative',
      'Ad_Spend',
      'Total_Responses',
      'Total_Responses compare',
      'Total_Responses change',
      'Total_Responses change %',
      'Current_CPR',
    ]);
    expect(
      cost.rows.map((r) => [
        r.Creative,
        r.Total_Responses,
        r['Total_Responses compare'],
        r['Total_Responses change %'],
      ]),
    ).toEqual([
      ['A', 4, 2, 1],
      ['Gone', 0, 5, -1],
    ]);
    expect(sheets.at(-1)!.name).toBe('Annotations');
  });
  it('without a comparison the sheets are the plain ones, then Annotations', () => {
    const sheets = exportSheets({
      annotations: { notes: [], automatic: [{ kind: 'booking_start', date: '2026-01-02', text: 'Flight starts' }] },
    });
    expect(sheets.map((s) => s.name)).toEqual([...dashboardSheets({}).map((s) => s.name), 'Annotations']);
    expect(sheets.at(-1)!.rows).toEqual([
      {
        Kind: 'booking_start',
        Start_Date: '2026-01-02',
        End_Date: '2026-01-02',
        Text: 'Flight starts',
        Campaign: '',
        Created_By: '',
      },
    ]);
  });
});
