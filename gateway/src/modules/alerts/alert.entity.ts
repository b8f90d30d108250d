import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

/**
 * What an alert rule watches (docs/operations.md#alerts):
 * - site_tag_silent: a site tag has had no hit for `threshold` hours while one of the customer's bookings is live;
 * - impression_tag_silent: an impression tag has had no impression for `threshold` hours while its booking is live;
 * - visits_collapsed: yesterday's visits are more than `threshold` % below the mean of the same weekday in the
 *   four weeks before, when that mean is at least `minVolume` visits;
 * - under_delivery: a live booking with planned impressions has delivered more than `threshold` % below its
 *   linear pace (plan x elapsed days / booking days);
 * - invalid_traffic_share: invalid impressions are more than `threshold` % of the customer's impressions over the
 *   last 24 hours, when there were at least `minVolume` of them.
 */
export const ALERT_KINDS = [
  'site_tag_silent',
  'impression_tag_silent',
  'visits_collapsed',
  'under_delivery',
  'invalid_traffic_share',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

@Entity('alert_rule')
@Index(['customerId', 'kind'], { unique: true })
export class AlertRule extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ type: 'varchar', length: 32 })
  kind: AlertKind;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** Hours for the silent-tag rules, percent for the drop rule. */
  @Column({ type: 'int', unsigned: true })
  threshold: number;

  /** Smallest baseline (visits a day) the drop rule looks at, so tiny customers page nobody. */
  @Column({ name: 'min_volume', type: 'int', unsigned: true, default: 0 })
  minVolume: number;

  /** After an episode resolves, the same subject does not open a new one for this many hours. */
  @Column({ name: 'quiet_hours', type: 'int', unsigned: true, default: 24 })
  quietHours: number;
}

/** Who is mailed when a rule's episode opens (one-click unsubscribe deletes the row). */
@Entity('alert_recipient')
@Index(['userId'])
export class AlertRecipient {
  @PrimaryColumn({ name: 'rule_id', type: 'int', unsigned: true })
  ruleId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int', unsigned: true })
  userId: number;
}

/**
 * One episode of a rule on one subject (a tag, or the customer for the drop rule): opened when the condition
 * starts, resolved when it clears. `openKey` is set only while open and unique, so two evaluators can never
 * open the same episode twice.
 */
@Entity('alert_episode')
@Index(['customerId', 'openedAt'])
@Index(['ruleId', 'subjectId', 'resolvedAt'])
export class AlertEpisode {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'rule_id', type: 'int', unsigned: true })
  ruleId: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ type: 'varchar', length: 32 })
  kind: AlertKind;

  @Column({ name: 'subject_id', type: 'int', unsigned: true })
  subjectId: number;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'varchar', length: 500 })
  detail: string;

  /** The client route that shows the problem. */
  @Column({ type: 'varchar', length: 300 })
  link: string;

  @Index({ unique: true })
  @Column({ name: 'open_key', type: 'varchar', length: 64, nullable: true })
  openKey: string | null;

  @Column({ name: 'opened_at', type: 'datetime', precision: 3 })
  openedAt: Date;

  @Column({ name: 'resolved_at', type: 'datetime', precision: 3, nullable: true })
  resolvedAt: Date | null;
}

/** A user has seen an episode in the bell. */
@Entity('alert_read')
export class AlertRead {
  @PrimaryColumn({ name: 'episode_id', type: 'int', unsigned: true })
  episodeId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int', unsigned: true })
  userId: number;
}

/** Every mail of an episode: when, to whom, the result. One row per episode and user (no second mail). */
@Entity('alert_send')
export class AlertSend {
  @PrimaryColumn({ name: 'episode_id', type: 'int', unsigned: true })
  episodeId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int', unsigned: true })
  userId: number;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true })
  sentAt: Date | null;

  /** 'sent', or the error of the last attempt. */
  @Column({ type: 'varchar', length: 300 })
  result: string;
}

/** A named lease: the process holding it until `expiresAt` runs the task; the others skip. */
@Entity('task_lease')
export class TaskLease {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  owner: string;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt: Date;
}

/** Evaluations run, for the record (when, by whom, what changed). */
@Entity('alert_run')
@Index(['startedAt'])
export class AlertRun {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  owner: string;

  @Column({ name: 'started_at', type: 'datetime', precision: 3 })
  startedAt: Date;

  @Column({ type: 'int', unsigned: true, default: 0 })
  opened: number;

  @Column({ type: 'int', unsigned: true, default: 0 })
  resolved: number;

  @Column({ type: 'int', unsigned: true, default: 0 })
  mailed: number;

  @Column({ type: 'varchar', length: 300, default: 'ok' })
  result: string;
}
