import { createSystem, defaultConfig } from '@chakra-ui/react';
import { brandConfig } from './brand';

/** The signed-in app's system: every Chakra recipe plus the brand. */
export const system = createSystem(defaultConfig, brandConfig);
