import type { GatewayModule } from '../../shared/module';
import { Annotation } from './annotation.entity';
import { AnnotationResolver } from './annotation.resolver';
import { mountAnnotationRoutes } from './annotation.routes';

/** Notes and automatic markers on a customer's timeline (docs/design.md#annotations). */
export const annotationsModule: GatewayModule = {
  name: 'annotations',
  entities: [Annotation],
  resolvers: [AnnotationResolver],
  routes: [mountAnnotationRoutes],
};
