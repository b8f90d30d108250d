import { Query, Resolver } from 'type-graphql';

@Resolver()
export class HealthResolver {
  /** Liveness over GraphQL; `/readyz` checks the dependencies. */
  @Query(() => String, { description: 'Answers "ok" while the gateway is alive.' })
  health(): string {
    return 'ok';
  }
}
