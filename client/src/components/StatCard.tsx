import { SimpleGrid } from '@chakra-ui/react';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, type SVGProps } from 'react';
import { staticClasses } from './static-classes';

/**
 * The card's elements as Chakra styles them (Card.Root size="sm", Card.Body gap="1", Text, Icon, Skeleton with
 * the props below), as fixed classes: six tiles on the dashboard's first screen and four on the Overview's
 * were each seven Chakra elements computing their styles at render.
 */
const useClasses = staticClasses({
  root: { recipe: 'card', slot: 'root', variants: { size: 'sm' }, css: { bg: 'white', borderColor: 'gray.200' } },
  rootAlert: { recipe: 'card', slot: 'root', variants: { size: 'sm' }, css: { bg: 'red.50', borderColor: 'red.400' } },
  body: { recipe: 'card', slot: 'body', variants: { size: 'sm' }, css: { gap: '1' } },
  title: {
    css: { fontSize: 'sm', color: 'gray.600', display: 'flex', alignItems: 'center', gap: '2' },
  },
  titleAlert: {
    css: { fontSize: 'sm', color: 'red.700', display: 'flex', alignItems: 'center', gap: '2' },
  },
  icon: { recipe: 'icon', css: { color: 'tint' } },
  iconAlert: { recipe: 'icon', css: { color: 'red.600' } },
  skeleton: { recipe: 'skeleton', variants: { loading: false }, css: { minH: '9' } },
  skeletonLoading: { recipe: 'skeleton', variants: { loading: true }, css: { minH: '9' } },
  value: { css: { fontSize: '3xl', fontWeight: 'bold', color: 'primary' } },
  valueAlert: { css: { fontSize: '3xl', fontWeight: 'bold', color: 'red.700' } },
  note: { css: { fontSize: 'sm', color: 'gray.500' } },
  noteAlert: { css: { fontSize: 'sm', color: 'red.700' } },
});

/** One figure with its title and a short note; red when `alert` (spec 2 cards). */
export function StatCard(props: {
  title: string;
  value: string;
  note?: string;
  icon?: ReactNode;
  loading?: boolean;
  alert?: boolean;
  testId?: string;
  /** Below the note, e.g. a period comparison. */
  footer?: ReactNode;
}) {
  const c = useClasses();
  const alert = props.alert;
  // Chakra's Icon on its child: the child svg with the icon's class, hidden from readers.
  const icon = isValidElement(props.icon)
    ? cloneElement(props.icon as ReactElement<SVGProps<SVGSVGElement>>, {
        focusable: false,
        'aria-hidden': 'true',
        className: alert ? c.iconAlert : c.icon,
      })
    : undefined;
  return (
    <div
      className={alert ? c.rootAlert : c.root}
      data-testid={props.testId ?? `card-${props.title}`}
      data-alert={alert ? 'true' : undefined}
    >
      <div className={c.body}>
        <p className={alert ? c.titleAlert : c.title}>
          {icon}
          {props.title}
        </p>
        <div className={props.loading ? c.skeletonLoading : c.skeleton}>
          <p className={alert ? c.valueAlert : c.value} data-testid="card-value">
            {props.value}
          </p>
        </div>
        {props.note && <p className={alert ? c.noteAlert : c.note}>{props.note}</p>}
        {props.footer}
      </div>
    </div>
  );
}

/** Cards side by side on wide screens, one column on a phone. */
export function StatGrid({ children, max = 4 }: { children: ReactNode; max?: number }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: max }} gap="4">
      {children}
    </SimpleGrid>
  );
}
