import type { GatewayModule } from '../../shared/module';
import { ImpressionTag } from './impression-tag.entity';
import { ImpressionTagResolver } from './impression-tag.resolver';
import { SiteTag } from './site-tag.entity';
import { SiteTagResolver } from './site-tag.resolver';
import { mountTagRoutes } from './tag.routes';

/** Impression tags and site tags. */
export const tagsModule: GatewayModule = {
  name: 'tags',
  entities: [ImpressionTag, SiteTag],
  resolvers: [ImpressionTagResolver, SiteTagResolver],
  routes: [mountTagRoutes],
};
