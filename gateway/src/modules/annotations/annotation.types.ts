import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('Annotation', { description: "A user's note on a date or date range of a customer's timeline." })
export class AnnotationType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => Int, { nullable: true }) campaign_id: number | null;
  @Field(() => String, { nullable: true }) campaign_name: string | null;
  @Field(() => String, { description: 'yyyy-MM-dd' }) start_date: string;
  @Field(() => String, { description: 'yyyy-MM-dd (the start date for a one-day note)' }) end_date: string;
  @Field(() => String) note: string;
  @Field(() => String, { nullable: true }) created_by_name: string | null;
  @Field(() => String, { description: 'ISO timestamp of the last change' }) updated_at: string;
}

@ObjectType('AutoMarker', {
  description: "A marker the data gives: a booking's start or end, a creative's first impression.",
})
export class AutoMarkerType {
  @Field(() => String, { description: 'booking_start, booking_end or first_impression' }) kind: string;
  @Field(() => String, { description: 'yyyy-MM-dd' }) date: string;
  @Field(() => String) text: string;
  @Field(() => Int, { nullable: true }) campaign_id: number | null;
}

@ObjectType('AnnotationList')
export class AnnotationListType {
  @Field(() => [AnnotationType], { description: 'Notes overlapping the range, by start date' }) notes: AnnotationType[];
  @Field(() => [AutoMarkerType], { description: 'Automatic markers inside the range, by date' })
  automatic: AutoMarkerType[];
}

/** Every field optional here: the service validates and answers `extensions.fields`. */
@InputType('AnnotationInput')
export class AnnotationInput {
  @Field(() => Int, { nullable: true, description: 'Required on create; cannot change' }) customer_id?: number;
  @Field(() => Int, { nullable: true, description: 'A campaign of the customer, or null' }) campaign_id?: number | null;
  @Field(() => String, { nullable: true }) start_date?: string;
  @Field(() => String, { nullable: true, description: 'Defaults to start_date' }) end_date?: string;
  @Field(() => String, { nullable: true, description: 'At most 500 characters' }) note?: string;
}
