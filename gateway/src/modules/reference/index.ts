import type { GatewayModule } from '../../shared/module';
import { Country } from './country.entity';
import { ReferenceResolver } from './reference.resolver';
import { mountReferenceRoutes } from './reference.routes';
import { Taxonomy } from './taxonomy.entity';

/** Countries and taxonomies. */
export const referenceModule: GatewayModule = {
  name: 'reference',
  entities: [Country, Taxonomy],
  resolvers: [ReferenceResolver],
  routes: [mountReferenceRoutes],
};
