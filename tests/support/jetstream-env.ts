/**
 * The pipeline-jetstream project (jest.config.js): the same pipeline suites with the hit log on NATS
 * JetStream. Set in the test process only (a project's global setup would leak into the other projects'
 * workers); worker processes the suites spawn inherit it.
 */
process.env.TEST_HIT_LOG = 'jetstream';
process.env.HIT_LOG = 'jetstream';
