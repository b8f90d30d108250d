import { createSystem } from '@chakra-ui/react/styled-system';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { brandConfig } from '../app/brand';
import { themeBaseConfig } from '../app/theme-base';

/**
 * The public pages' system: the default theme's tokens and the brand, but only the recipes that login,
 * reset, invitation and licence render, so a first visit does not download the other ~80. The recipes of
 * what renders later or on one page only (the reset dialog, toasts, the licence's list) come with those
 * components, passed as their `recipe` (the same default recipes the signed-in theme has).
 */
export const publicSystem = createSystem(
  defaultBaseConfig,
  themeBaseConfig,
  {
    theme: {
      recipes: {
        button: buttonRecipe,
        heading: headingRecipe,
        input: inputRecipe,
        link: linkRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: { field: fieldSlotRecipe },
    },
  },
  brandConfig,
);
