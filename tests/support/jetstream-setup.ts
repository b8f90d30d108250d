import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import globalSetup from './global-setup';

/**
 * The pipeline-jetstream project's global setup (jest.config.js): the servers of every suite, and a NATS
 * server with JetStream at NATS_URL (default 127.0.0.1:4222), said plainly when missing rather than left
 * to time out.
 */
export default async function jetstreamSetup(): Promise<void> {
  await globalSetup();
  const servers = (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',');
  try {
    const nc = await connect({ servers, timeout: 3000 });
    try {
      await (await jetstreamManager(nc)).getAccountInfo();
    } finally {
      await nc.close();
    }
  } catch (e) {
    throw new Error(
      `The pipeline suite's JetStream run needs nats-server with JetStream (-js) at ${servers.join(',')}: ${String(e)}`,
    );
  }
}
