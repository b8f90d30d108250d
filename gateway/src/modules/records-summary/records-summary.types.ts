import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Campaign cards: active, upcoming, total (spec 2).' })
export class CampaignCards {
  @Field(() => Int) active: number;
  @Field(() => Int) upcoming: number;
  @Field(() => Int) total: number;
}

@ObjectType({ description: 'Booking cards: active, video, image and the average CPM (spec 2).' })
export class BookingCards {
  @Field(() => Int) active: number;
  @Field(() => Int) video: number;
  @Field(() => Int) image: number;
  @Field(() => Int) total: number;
  @Field(() => Float, {
    nullable: true,
    description: 'Average CPM over the bookings, 2 decimals; null without bookings',
  })
  average_cpm: number | null;
}

@ObjectType({ description: 'Creative cards: total, video, image (spec 2).' })
export class CreativeCards {
  @Field(() => Int) total: number;
  @Field(() => Int) video: number;
  @Field(() => Int) image: number;
}

@ObjectType({ description: 'Site tag cards: total, active, low traffic, not detected (spec 2).' })
export class SiteTagCards {
  @Field(() => Int) total: number;
  @Field(() => Int) active: number;
  @Field(() => Int) low_traffic: number;
  @Field(() => Int) not_detected: number;
}

@ObjectType({
  description: "The cards of a customer's Campaign management tabs, counted from the same rows the lists answer.",
})
export class RecordSummaryType {
  @Field(() => Int) customer_id: number;
  @Field(() => CampaignCards) campaigns: CampaignCards;
  @Field(() => BookingCards) bookings: BookingCards;
  @Field(() => CreativeCards) creatives: CreativeCards;
  @Field(() => SiteTagCards) site_tags: SiteTagCards;
}
