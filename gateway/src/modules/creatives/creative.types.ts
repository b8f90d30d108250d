import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('Creative', { description: 'An advert of a customer (spec 3).' })
export class CreativeType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => String) description: string;
  @Field(() => Int, { description: '1 video, 2 image, 3 audio' }) creative_type: number;
  @Field(() => String, { description: 'A length or a size, e.g. 30s or 300x250' }) creative_format: string;
  @Field(() => String, { description: 'Video, Image or Audio' }) creative_type_label: string;
  @Field(() => String, { nullable: true }) url: string | null;
}

@InputType('CreativeInput')
export class CreativeInput {
  @Field(() => Int, { nullable: true }) customer_id?: number;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => Int, { nullable: true }) creative_type?: number;
  @Field(() => String, { nullable: true }) creative_format?: string;
  @Field(() => String, { nullable: true }) url?: string | null;
}
