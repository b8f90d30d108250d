import type { Router } from 'express';
import type { AppContext } from '../shared/app-context';

/** Each domain adds its mount function here (one line per domain). */
export type MountRoutes = (router: Router, app: AppContext) => void;

export const restRoutes: MountRoutes[] = [];
