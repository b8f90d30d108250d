import { AckPolicy, DeliverPolicy, type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { JetStreamNames } from './names';

/** Two minutes: a collector retrying (or replaying its spool) within this is de-duplicated by message id. */
const DUPLICATE_WINDOW_MS = 120_000;

/** Creates the hit stream and the dead letters' stream when missing. */
export async function ensureStreams(jsm: JetStreamManager, names: JetStreamNames, replicas: number): Promise<void> {
  const want = [
    {
      name: names.stream,
      subjects: [`${names.stream}.shard.*`],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      num_replicas: replicas,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    },
    {
      name: names.dead,
      subjects: [names.deadSubject],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      num_replicas: replicas,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    },
  ];
  for (const config of want) {
    const exists = await jsm.streams.info(config.name).then(
      () => true,
      (e: unknown) => {
        if (/stream not found/i.test(String((e as Error).message))) return false;
        throw e;
      },
    );
    if (!exists) {
      await jsm.streams.add(config).catch((e: unknown) => {
        // Another process created it meanwhile.
        if (!/already in use|already exists/i.test(String((e as Error).message))) throw e;
      });
    }
  }
}

/** Creates (or updates) the durable pull consumer of each shard. */
export async function ensureConsumers(
  jsm: JetStreamManager,
  names: JetStreamNames,
  shards: number,
  ackWaitMs: number,
): Promise<void> {
  for (let n = 0; n < shards; n++) {
    const config = {
      durable_name: names.consumer(n),
      filter_subject: names.subject(n),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ackWaitMs),
      // Redelivery is unbounded on the server: the reader dead-letters an entry delivered too often
      // (reader.ts MAX_DELIVERIES), so none is ever stranded in the stream.
      max_deliver: -1,
      max_ack_pending: 200_000,
    };
    try {
      await jsm.consumers.add(names.stream, config);
    } catch (e) {
      if (!/already exists|already in use/i.test(String((e as Error).message))) throw e;
      const { durable_name: _, filter_subject: __, deliver_policy: ___, ...update } = config;
      await jsm.consumers.update(names.stream, names.consumer(n), update);
    }
  }
}
