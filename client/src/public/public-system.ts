import { createSystem, mergeConfigs } from '@chakra-ui/react/styled-system';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
// One file each (vite alias): the package's theme entry would pull in all ~90 recipes of the default theme.
import { globalCss } from '@chakra-theme/global-css';
import { layerStyles } from '@chakra-theme/layer-styles';
import { animationStyles } from '@chakra-theme/motion-styles';
import { textStyles } from '@chakra-theme/text-styles';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { colors } from '@chakra-theme/tokens/colors';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts } from '@chakra-theme/tokens/fonts';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';
import { brandConfig } from '../app/brand';

/**
 * The public pages' system (issue 18): the default theme's tokens and the brand, but only the recipes that
 * login, reset, invitation and licence render, so a first visit does not download the other ~80. The
 * recipes of what renders later or on one page only (the reset dialog, toasts, the licence's list) come with
 * those components, passed as their `recipe` (the same default recipes the signed-in theme has).
 */
export const publicSystem = createSystem(
  mergeConfigs(defaultBaseConfig, {
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss,
    theme: {
      tokens: {
        aspectRatios,
        animations,
        blurs,
        borders,
        colors,
        cursor,
        durations,
        easings,
        fontSizes,
        fontWeights,
        fonts,
        letterSpacings,
        lineHeights,
        radii,
        sizes,
        spacing,
        zIndex: zIndices,
      },
      semanticTokens: { colors: semanticColors, radii: semanticRadii, shadows: semanticShadows },
      keyframes,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        button: buttonRecipe,
        heading: headingRecipe,
        input: inputRecipe,
        link: linkRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: { field: fieldSlotRecipe },
    },
  }),
  brandConfig,
);
