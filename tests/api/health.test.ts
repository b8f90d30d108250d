import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t.close());

test('healthz and readyz answer when MySQL and Redis are up', async () => {
  expect((await call(t.url, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
  const ready = await call(t.url, 'GET', '/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body.status).toBe('ready');
});

test('GraphQL answers on /graphql', async () => {
  expect((await gql(t.url, '{ health }')).data).toEqual({ health: 'ok' });
});

test('malformed JSON is a 400 with a message, never a 500', async () => {
  const r = await call(t.url, 'POST', '/api/login', { rawBody: '{"email": ' });
  expect(r.status).toBe(400);
  expect(r.body.message).toBe('Malformed JSON in request body.');
});

test('a body over the size limit is a 413', async () => {
  const r = await call(t.url, 'POST', '/api/login', { body: { email: 'x'.repeat(1_200_000) } });
  expect(r.status).toBe(413);
});

test('unknown /api paths answer 404 in JSON', async () => {
  const r = await call(t.url, 'GET', '/api/no-such-thing');
  expect(r.status).toBe(404);
  expect(r.body.message).toMatch(/No such endpoint/);
});
