import type { HTMLAttributes } from 'react';
import { staticClasses } from './static-classes';

const useClasses = staticClasses({ column: { css: { display: 'flex', flexDirection: 'column', gap: '4' } } });

/**
 * Chakra's `<Stack gap="4">` as a fixed class, for the columns drawn again on each of the dashboard's 13
 * answers.
 */
export function Column(props: HTMLAttributes<HTMLDivElement>) {
  return <div {...props} className={`chakra-stack ${useClasses().column}`} />;
}
