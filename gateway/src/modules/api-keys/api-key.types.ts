import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('ApiKey', { description: 'An API key. Never carries the secret.' })
export class ApiKeyType {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: 'ifk_ and the first 8 characters: recognises a key, cannot use it' })
  prefix: string;
  @Field(() => [String], { description: 'read, write, ingest' }) scopes: string[];
  @Field(() => Int, { description: '0 system, 1 client, 2 agency, 3 broadcaster, 4 adtech' }) entity_type: number;
  @Field(() => Int) entity_id: number;
  @Field(() => String) entity_name: string;
  @Field(() => String, { description: 'Active, Revoked or Expired' }) status: string;
  @Field(() => String, { nullable: true }) expires_at: string | null;
  @Field(() => String, { nullable: true }) revoked_at: string | null;
  @Field(() => String, { nullable: true, description: 'After a rotation: until when the replaced secret still works' })
  old_secret_valid_until: string | null;
  @Field(() => String, { nullable: true }) last_used_at: string | null;
  @Field(() => String) created_at: string;
  @Field(() => String, { nullable: true }) created_by: string | null;
  @Field(() => Int) usage_total: number;
  @Field(() => Int) usage_today: number;
}

@ObjectType('IssuedApiKey', { description: 'A created or rotated key: the secret is shown this once.' })
export class IssuedApiKeyType {
  @Field(() => ApiKeyType) key: ApiKeyType;
  @Field(() => String) secret: string;
}

@InputType('ApiKeyInput', { description: 'entity_type and entity_id are read for the super admin only.' })
export class ApiKeyInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => [String], { nullable: true }) scopes?: string[] | null;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd or ISO date and time' }) expires_at?: string | null;
  @Field(() => Int, { nullable: true }) entity_type?: number | null;
  @Field(() => Int, { nullable: true }) entity_id?: number | null;
}
