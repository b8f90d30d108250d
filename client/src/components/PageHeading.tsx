import { staticClasses } from './static-classes';

// Heading as="h1" size="2xl" color="primary" mb="4", as a fixed class (drawn again on each dashboard answer).
const useClasses = staticClasses({
  heading: { recipe: 'heading', variants: { size: '2xl' }, css: { color: 'primary', mb: '4' } },
});

export function PageHeading({ children }: { children: string }) {
  return <h1 className={useClasses().heading}>{children}</h1>;
}
