import { Center, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HelpTip } from './HelpTip';
import { staticClasses } from './static-classes';

export type LoadingState = 'loading' | 'ready' | 'empty' | 'error';

/**
 * The card's frame as Chakra styles it (Card.Root size="sm", its header, title row and body, with the props
 * below), as fixed classes: the dashboard draws up to 20 of these cards, and their frames were a good part
 * of the style work of each one drawn (issue 18).
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
  actions: { css: { display: 'flex', alignItems: 'center', flexDirection: 'row', gap: '1' } },
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
}) {
  const { state } = props;
  const c = useClasses();
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
          {props.actions && state === 'ready' && <div className={`chakra-stack ${c.actions}`}>{props.actions}</div>}
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
