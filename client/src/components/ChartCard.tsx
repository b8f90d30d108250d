import { Button, Center, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuFileSpreadsheet } from 'react-icons/lu';
import { HelpTip } from './HelpTip';
import { staticClasses } from './static-classes';

export type LoadingState = 'loading' | 'ready' | 'empty' | 'error';

/** A row of an API answer as the client received it (GraphQL's `__typename` is not part of it). */
export type CsvRow = Readonly<Record<string, unknown>>;

/** A field of a CSV (RFC 4180): quoted when it holds a comma, quote or line break; missing values are empty. */
function csvField(v: unknown): string {
  if (v == null) return '';
  let s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A name a spreadsheet would run as a formula (=, +, -, @ first) is kept as text.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The rows as a CSV document: one column per field of the API's rows, in the API's order and with its names,
 * and the values as the API gave them (numbers unformatted), so a spreadsheet gets what the chart was drawn from.
 */
export function toCsv(rows: readonly CsvRow[]): string {
  const columns: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (k !== '__typename' && !columns.includes(k)) columns.push(k);
  const lines = [columns.map(csvField).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvField(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name from a title: 'Visits by Page' -> 'visits-by-page.csv'. */
export const csvFileName = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'data'
  }.csv`;

function downloadCsv(rows: readonly CsvRow[], fileName: string) {
  // A byte-order mark, so Excel reads the names (macrons, apostrophes) as UTF-8.
  const url = URL.createObjectURL(new Blob(['\ufeff', toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The card's frame as Chakra styles it (Card.Root size="sm", its header, title row and body, with the props
 * below), as fixed classes: the dashboard draws up to 20 of these cards, and their frames were a good part
 * of the style work of each one drawn.
 */
const useClasses = staticClasses({
  root: { recipe: 'card', slot: 'root', variants: { size: 'sm' }, css: { bg: 'white', h: '100%' } },
  header: { recipe: 'card', slot: 'header', variants: { size: 'sm' }, css: { pb: '1' } },
  // HStack justify="space-between" align="flex-start" gap="2" wrap="wrap"
  headerRow: {
    css: {
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'space-between',
      flexDirection: 'row',
      flexWrap: 'wrap',
      gap: '2',
    },
  },
  titles: { css: { minW: '0' } },
  // HStack gap="1"
  titleRow: { css: { display: 'flex', alignItems: 'center', flexDirection: 'row', gap: '1' } },
  title: { recipe: 'heading', variants: { size: 'md' }, css: { color: 'primary' } },
  subtitle: { css: { fontSize: 'sm', color: 'gray.600' } },
  // HStack gap="1"
  actions: { css: { display: 'flex', alignItems: 'center', flexDirection: 'row', flexWrap: 'wrap', gap: '1' } },
  body: { recipe: 'card', slot: 'body', variants: { size: 'sm' }, css: { pt: '2' } },
});

/**
 * A panel of the dashboard or a monitoring screen: title, subtitle, help, actions, and its own
 * loading / empty / error state. `data-loading-state` lets end-to-end tests wait for it (cal.com Insights).
 */
export function ChartCard(props: {
  title: string;
  subtitle?: string;
  help?: string;
  actions?: ReactNode;
  state: LoadingState;
  emptyText?: string;
  errorText?: string;
  loadingText?: string;
  children?: ReactNode;
  testId?: string;
  /** The API's rows this card draws: a 'Download CSV' button beside the card's other actions offers them. */
  csv?: readonly CsvRow[];
}) {
  const { state, csv } = props;
  const c = useClasses();
  const csvButton = csv && csv.length > 0 && (
    <Button
      size="xs"
      variant="outline"
      onClick={() => downloadCsv(csv, csvFileName(props.title))}
      aria-label={`Download CSV of ${props.title}`}
    >
      <LuFileSpreadsheet /> Download CSV
    </Button>
  );
  return (
    <div className={c.root} data-loading-state={state} data-testid={props.testId}>
      <div className={c.header}>
        <div className={`chakra-stack ${c.headerRow}`}>
          <div className={c.titles}>
            <div className={`chakra-stack ${c.titleRow}`}>
              <h2 className={c.title}>{props.title}</h2>
              {props.help && <HelpTip text={props.help} label={props.title} />}
            </div>
            {props.subtitle && <p className={c.subtitle}>{props.subtitle}</p>}
          </div>
          {(props.actions || csvButton) && state === 'ready' && (
            <div className={`chakra-stack ${c.actions}`}>
              {props.actions}
              {csvButton}
            </div>
          )}
        </div>
      </div>
      <div className={c.body}>
        {state === 'loading' && (
          <Center flex="1" gap="3" py="8" role="status">
            <Spinner color="primary" />
            <Text>{props.loadingText ?? 'Loading...'}</Text>
          </Center>
        )}
        {state === 'empty' && (
          <Center flex="1" py="8" color="gray.500">
            {props.emptyText ?? 'No data available'}
          </Center>
        )}
        {state === 'error' && (
          <Center flex="1" py="8" color="red.600" role="alert">
            {props.errorText ?? 'Unable to retrieve data. Please try again.'}
          </Center>
        )}
        {state === 'ready' && props.children}
      </div>
    </div>
  );
}
