import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { createAnnotation, deleteAnnotation, listAnnotations, updateAnnotation } from './annotation.service';
import { AnnotationInput, AnnotationListType, AnnotationType } from './annotation.types';

@Resolver()
export class AnnotationResolver {
  @Query(() => AnnotationListType, {
    description: "Notes and automatic markers of a customer's timeline between two dates (yyyy-MM-dd).",
  })
  annotations(
    @Arg('client_id', () => Int) client_id: number,
    @Arg('startdate', () => String) startdate: string,
    @Arg('enddate', () => String) enddate: string,
    @Ctx() ctx: GqlContext,
  ) {
    return listAnnotations(ctx.app, requireActor(ctx), { client_id, startdate, enddate });
  }

  @Mutation(() => AnnotationType)
  createAnnotation(@Arg('input', () => AnnotationInput) input: AnnotationInput, @Ctx() ctx: GqlContext) {
    return createAnnotation(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => AnnotationType)
  updateAnnotation(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => AnnotationInput) input: AnnotationInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateAnnotation(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Boolean)
  async deleteAnnotation(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    await deleteAnnotation(ctx.app, requireActor(ctx), id);
    return true;
  }
}
