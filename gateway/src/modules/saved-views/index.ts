import type { GatewayModule } from '../../shared/module';
import { SavedView } from './saved-view.entity';
import { SavedViewResolver } from './saved-view.resolver';
import { mountSavedViewRoutes } from './saved-view.routes';

export const savedViewsModule: GatewayModule = {
  name: 'saved-views',
  entities: [SavedView],
  resolvers: [SavedViewResolver],
  routes: [mountSavedViewRoutes],
};
