import { Ctx, Field, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { replayDeadLetters } from './ingest.service';

@ObjectType({ description: 'Dead-lettered stream entries moved back into the ingest stream' })
export class DeadLetterReplay {
  @Field(() => Int) replayed: number;
}

@Resolver()
export class IngestResolver {
  @Mutation(() => DeadLetterReplay, { description: 'POST /api/ingest/dead-letters/replay (super admin)' })
  ingestReplayDeadLetters(@Ctx() ctx: GqlContext): Promise<DeadLetterReplay> {
    return replayDeadLetters(ctx.app, requireActor(ctx));
  }
}
