import type { GatewayModule } from '../../shared/module';
import { AssociationRequest } from './association-request.entity';
import { AssociationRequestResolver } from './association-request.resolver';
import { mountAssociationRequestRoutes } from './association-request.routes';
import { Relationship } from './relationship.entity';
import { RelationshipResolver } from './relationship.resolver';
import { mountRelationshipRoutes } from './relationship.routes';

/** Relationships between organisations and the association requests that create them. */
export const relationshipsModule: GatewayModule = {
  name: 'relationships',
  entities: [Relationship, AssociationRequest],
  resolvers: [RelationshipResolver, AssociationRequestResolver],
  routes: [mountRelationshipRoutes, mountAssociationRequestRoutes],
};
