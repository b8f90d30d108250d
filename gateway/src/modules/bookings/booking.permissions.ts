import { type Actor, isSuperAdmin } from '@infinitum/rules';

/** Who created a booking and whose channel it runs on: what `editable` is decided from. */
export interface BookingOwnership {
  customerId: number;
  creatorEntityType: string | null;
  creatorEntityId: number | null;
  channelOwnerType: string | null;
  channelOwnerId: number | null;
}

/**
 * A booking is editable by the super admin; by users of the entity that created it; by the broadcaster
 * or adtech whose channel it runs on; and by users of the booking's own customer (spec 6).
 */
export function canEditBooking(actor: Actor, b: BookingOwnership): boolean {
  if (isSuperAdmin(actor)) return true;
  if (b.creatorEntityType === actor.entityType && Number(b.creatorEntityId) === actor.entityId) return true;
  if (actor.entityType === 'BROADCASTER' || actor.entityType === 'ADTECH') {
    const owner = actor.entityType === 'BROADCASTER' ? 'broadcaster' : 'adtech';
    if (b.channelOwnerType === owner && Number(b.channelOwnerId) === actor.entityId) return true;
  }
  return actor.entityType === 'CUSTOMER' && b.customerId === actor.entityId;
}

/** The publisher a booking is saved with: an adtech user's own adtech, always; otherwise the choice made. */
export function publisherFor(actor: Actor, chosen: number | null): number | null {
  return actor.entityType === 'ADTECH' ? actor.entityId : chosen;
}

/**
 * Channels an actor may book (spec 6): a broadcaster its own; an adtech its own plus broadcaster channels;
 * everyone else follows the publisher (broadcaster channels when direct, that adtech's channels otherwise).
 */
export function mayBookChannel(
  actor: Actor,
  channel: { owner_type: string; owner_id: number },
  publisherId: number | null,
): boolean {
  const ownerId = Number(channel.owner_id);
  if (actor.entityType === 'BROADCASTER') return channel.owner_type === 'broadcaster' && ownerId === actor.entityId;
  if (actor.entityType === 'ADTECH') {
    return channel.owner_type === 'broadcaster' || (channel.owner_type === 'adtech' && ownerId === actor.entityId);
  }
  if (publisherId === null) return channel.owner_type === 'broadcaster';
  return channel.owner_type === 'adtech' && ownerId === publisherId;
}

/**
 * Job number and charged CPM are the adtech's own terms with its client (spec 6: adtech inputs). Shown
 * to the super admin and to users of the adtech that published the booking; everyone else (the client,
 * agencies, broadcasters, other adtechs) gets null, so the adtech's margin over the CPM stays private.
 */
export function seesAdtechTerms(actor: Actor, publisherId: number | null): boolean {
  return (
    isSuperAdmin(actor) || (actor.entityType === 'ADTECH' && publisherId !== null && actor.entityId === publisherId)
  );
}
