import { DomainError } from '../../shared/errors';
import { IngestGate } from './ingest-body';

test('the ingest gate runs at most its limit at once, queues the next ones in order, refuses past the queue with 429', async () => {
  const gate = new IngestGate(2, 1);
  const order: string[] = [];
  const releases: (() => void)[] = [];
  const job = (name: string) =>
    gate.run(
      () =>
        new Promise<string>((resolve) => {
          order.push(`start ${name}`);
          releases.push(() => resolve(name));
        }),
    );
  const a = job('a');
  const b = job('b');
  const c = job('c');
  await new Promise((r) => setImmediate(r));
  expect(order).toEqual(['start a', 'start b']);
  // A fourth, with two running and one waiting, is refused at once.
  const refused = await job('d').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DomainError);
  expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 1 });
  releases[0]();
  expect(await a).toBe('a');
  await new Promise((r) => setImmediate(r));
  expect(order).toEqual(['start a', 'start b', 'start c']);
  releases[1]();
  releases[2]();
  expect([await b, await c]).toEqual(['b', 'c']);
  // All slots free again: two start at once.
  const e = job('e');
  const f = job('f');
  await new Promise((r) => setImmediate(r));
  expect(order.slice(-2)).toEqual(['start e', 'start f']);
  releases[3]();
  releases[4]();
  await Promise.all([e, f]);
});
