import { useChakraContext, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import { __unsafe_useEmotionCache, css as serialize } from '@emotion/react';

type EmotionCache = ReturnType<typeof __unsafe_useEmotionCache>;

/**
 * One fixed element: the Chakra recipe it is styled by (a slot of a slot recipe, or a recipe), its variants,
 * and the style props it is given, in the order they are written on the Chakra element. Text and the layout
 * components (Box, Stack, Center) have no recipe in this theme: style props only.
 */
export interface StaticStyle {
  recipe?: string;
  slot?: string;
  variants?: Record<string, unknown>;
  /** Several where the component passes styles of its own before the props' (Flex: display, direction...). */
  css?: SystemStyleObject | SystemStyleObject[];
}

/**
 * Class names for elements whose styles never change, computed once per Chakra system instead of at every
 * render of every element. A Chakra element computes its styles at each render: it builds a recipe
 * function, hashes its whole style object, resolves tokens and conditions and serialises the CSS; on a phone's
 * first screen of repeated cards and cells that was most of the main thread's work. Here the same steps run
 * once per style (the system's recipes and css(), emotion's serialisation and sheet), so an element given the
 * class looks exactly as the Chakra element does: the same class names and the same rule
 * (static-classes.test.tsx renders both and compares them).
 */
export function staticClasses<K extends string>(define: Record<K, StaticStyle>) {
  const bySystem = new WeakMap<SystemContext, Record<K, string>>();
  return function useStaticClasses(): Record<K, string> {
    const system = useChakraContext();
    const cache = __unsafe_useEmotionCache();
    let classes = bySystem.get(system);
    if (!classes) {
      classes = {} as Record<K, string>;
      for (const key of Object.keys(define) as K[]) classes[key] = compile(system, cache, define[key]);
      bySystem.set(system, classes);
    }
    return classes;
  };
}

const byKey = new WeakMap<SystemContext, Map<string, string>>();
/**
 * The class of a style that takes one of a few values (say a placeholder's height), computed once per `key`
 * (which must say everything the style depends on) and system.
 */
export function useFixedClass(key: string, style: () => StaticStyle): string {
  const system = useChakraContext();
  const cache = __unsafe_useEmotionCache();
  let classes = byKey.get(system);
  if (!classes) byKey.set(system, (classes = new Map()));
  let name = classes.get(key);
  if (name === undefined) classes.set(key, (name = compile(system, cache, style())));
  return name;
}

function compile(system: SystemContext, cache: EmotionCache | null, style: StaticStyle): string {
  // Always there in a browser: emotion's context defaults to a cache of its own.
  if (!cache) throw new Error('staticClasses: no emotion cache');
  const { recipe, slot, variants = {}, css } = style;
  // A recipe the theme lacks would leave the element unstyled without a word (theme.ts lists the recipes).
  if (recipe && !(slot ? system.isSlotRecipe(recipe) : system.isRecipe(recipe)))
    throw new Error(`staticClasses: the theme has no ${slot ? 'slot ' : ''}recipe ${recipe}`);
  let names: string | undefined;
  let recipeCss: SystemStyleObject | undefined;
  if (recipe && slot) {
    const fn = system.getSlotRecipeFn(recipe);
    recipeCss = fn(fn.splitVariantProps(variants)[0])[slot];
    names = fn.classNameMap[slot];
  } else if (recipe) {
    const fn = system.getRecipeFn(recipe);
    recipeCss = fn(fn.splitVariantProps(variants)[0]);
    names = fn.className;
  }
  // Every Chakra element starts from an unconfigured recipe (chakra('div')'s), then its recipe and props.
  const styles = system.css(system.cva({})({}), ...[recipeCss, css].flat().filter((s) => !!s));
  const serialized = serialize(styles as Parameters<typeof serialize>[0]);
  // No class for no styles, as a Chakra element; else emotion's insertStyles, which it runs in its insertion effect.
  const name = serialized.styles ? `${cache.key}-${serialized.name}` : '';
  if (name) {
    cache.registered[name] ??= serialized.styles;
    if (cache.inserted[serialized.name] === undefined) cache.insert(`.${name}`, serialized, cache.sheet, true);
  }
  return [names, name].filter(Boolean).join(' ');
}
