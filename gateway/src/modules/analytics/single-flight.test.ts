import { SingleFlight } from './single-flight';

test('identical concurrent computations run once; distinct keys run apart', async () => {
  const flights = new SingleFlight(0);
  let runs = 0;
  const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 20));
  const [a, b, c] = await Promise.all([flights.run('k', slow), flights.run('k', slow), flights.run('other', slow)]);
  expect(a).toBe(b);
  expect(c).not.toBe(a);
  expect(runs).toBe(2);
  await flights.run('k', slow);
  expect(runs).toBe(3); // keepMs 0: a later call computes again
});

test('a settled result is kept for keepMs; a failure is not kept', async () => {
  const flights = new SingleFlight(60_000);
  let runs = 0;
  await flights.run('k', () => Promise.resolve(++runs));
  await flights.run('k', () => Promise.resolve(++runs));
  expect(runs).toBe(1);
  await expect(flights.run('bad', () => Promise.reject(new Error('db away')))).rejects.toThrow('db away');
  await expect(flights.run('bad', () => Promise.resolve('ok'))).resolves.toBe('ok');
  flights.clear();
  await flights.run('k', () => Promise.resolve(++runs));
  expect(runs).toBe(2);
});
