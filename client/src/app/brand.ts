import { defineConfig } from '@chakra-ui/react/styled-system';

/** Brand palette and breakpoints of spec 9; `brand` is a full colour palette so `colorPalette="brand"` works. */
export const brandConfig = defineConfig({
  theme: {
    breakpoints: { sm: '576px', md: '768px', lg: '992px', xl: '1200px', xxl: '1400px' },
    tokens: {
      colors: {
        primary: { value: '#00405c' },
        secondary: { value: '#00a2e8' },
        tint: { value: '#1f628e' },
        success: { value: '#2e7d32' },
        warning: { value: '#ed6c02' },
        danger: { value: '#d32f2f' },
        brand: {
          50: { value: '#e6f0f4' },
          100: { value: '#c0d8e2' },
          200: { value: '#8fb8c9' },
          300: { value: '#5a93ad' },
          400: { value: '#1f628e' },
          500: { value: '#00506f' },
          600: { value: '#00405c' },
          700: { value: '#00344b' },
          800: { value: '#00283a' },
          900: { value: '#001b28' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.600}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.secondary}' },
        },
      },
    },
  },
});
