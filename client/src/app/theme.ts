import { createSystem } from '@chakra-ui/react/styled-system';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { cardSlotRecipe } from '@chakra-theme/recipes/card';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark';
import { codeRecipe } from '@chakra-theme/recipes/code';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { fieldsetSlotRecipe } from '@chakra-theme/recipes/fieldset';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { segmentGroupSlotRecipe } from '@chakra-theme/recipes/segment-group';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { statSlotRecipe } from '@chakra-theme/recipes/stat';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs';
import { tagSlotRecipe } from '@chakra-theme/recipes/tag';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { tooltipSlotRecipe } from '@chakra-theme/recipes/tooltip';
import { breakpoints } from '@chakra-theme/breakpoints';
import { brandConfig } from './brand';
import { themeBaseConfig } from './theme-base';

/**
 * The recipes of every Chakra component the client renders, under the keys those components look up
 * (theme.test.ts checks the list against the components imported anywhere in client/src). Chakra's
 * `defaultConfig` has ~90: building the system cloned and merged them all, and its module (preset.js) built a
 * second, unused `defaultSystem` when it loaded, both in the signed-in app's startup task.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

/**
 * The signed-in app's system: the default theme (with its breakpoints) and these recipes, plus the brand. Built
 * when called, not when the module loads: main.tsx builds it in a task of its own, after the app's modules have
 * been evaluated, so a phone's main thread answers in between.
 *
 * `globalCssInStylesheet`: the page has the build's stylesheet of this system's global CSS (global-css.ts), so
 * the system leaves its `_global` empty instead of computing the preflight, global CSS and ~40 KB of token
 * variables (the build patches Chakra's createSystem to read the flag: vite.config.ts, `appGlobalCss`).
 */
export const createAppSystem = (globalCssInStylesheet = false) =>
  createSystem(
    defaultBaseConfig,
    themeBaseConfig,
    { theme: { breakpoints, recipes, slotRecipes }, ...(globalCssInStylesheet && { globalCssInStylesheet }) },
    brandConfig,
  );
