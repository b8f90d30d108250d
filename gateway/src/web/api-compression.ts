import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

/**
 * API answers (/api JSON, /graphql) compressed on the fly above 1 KB with brotli or gzip as the client
 * accepts, and never kept by shared caches.
 */
export const apiCompression = compression({ threshold: 1024 });

export function privateAnswers(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'private, no-store');
  next();
}
