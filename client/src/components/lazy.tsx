import { Center, Spinner } from '@chakra-ui/react';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * A named export loaded on first render, in its own chunk, behind its own Suspense boundary (so a
 * modal or chart that is still loading never blanks the page around it). Keeps each route's first
 * download within its budget (client/scripts/bundle-size.mjs): forms, date pickers and charts arrive
 * when they are first shown.
 */
export function lazyNamed<
  M,
  K extends keyof M,
  P extends object = M[K] extends ComponentType<infer Q> ? Q & object : never,
>(load: () => Promise<M>, name: K, fallback: ReactNode | ((props: P) => ReactNode) = null): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  function Deferred(props: P) {
    return (
      <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  Deferred.displayName = `Lazy(${String(name)})`;
  return Deferred;
}

/** What a lazily loaded tab shows for the moment its code is on the way. */
export function PanelLoading() {
  return (
    <Center py="10" data-testid="panel-loading">
      <Spinner size="md" color="primary" aria-label="Loading" />
    </Center>
  );
}
