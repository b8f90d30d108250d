import type { ReactNode } from 'react';
import { renderWithTheme } from './render';

/**
 * An element's tag, attributes (sorted) and children, to compare two renderings whatever their attribute order
 * (React's generated ids, which differ between two roots, as one).
 */
export function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  const el = node as Element;
  const attrs = [...el.attributes].map((a) => `${a.name}=${a.value.replace(/_r_[0-9a-z]+_/g, 'id')}`).sort();
  return [el.tagName.toLowerCase(), attrs, [...el.childNodes].map(shape)];
}

/** emotion's rules in the document, as text (inserted with insertRule: the style elements have no text). */
const sheet = () =>
  [...document.querySelectorAll('style[data-emotion]')]
    .flatMap((s) => [...((s as HTMLStyleElement).sheet?.cssRules ?? [])].map((r) => r.cssText))
    .join('');

/**
 * The fixed rendering and the one written with Chakra's components, as shapes. The fixed one renders first,
 * and each of its emotion classes must have its rule in the document by then (inserted by staticClasses).
 */
export function renderedBoth(chakra: ReactNode, fixed: ReactNode) {
  const b = renderWithTheme(<div>{fixed}</div>);
  const classes = b.container.innerHTML.match(/css-[a-z0-9]+/g) ?? [];
  expect(classes.filter((c) => !sheet().includes(`.${c} `))).toEqual([]);
  const a = renderWithTheme(<div>{chakra}</div>);
  const result = [shape(a.container.firstChild!), shape(b.container.firstChild!)];
  a.unmount();
  b.unmount();
  return result;
}
