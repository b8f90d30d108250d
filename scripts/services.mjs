// One clear line when MySQL or Redis cannot be reached (never a stack trace).
import net from 'node:net';

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port: Number(port), timeout: 3000 });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

export async function checkServices(mysqlUrl, redisUrl) {
  const m = new URL(mysqlUrl);
  const r = new URL(redisUrl);
  const down = [];
  if (!(await reachable(m.hostname, m.port || 3306))) down.push(`MySQL at ${m.hostname}:${m.port || 3306}`);
  if (!(await reachable(r.hostname, r.port || 6379))) down.push(`Redis at ${r.hostname}:${r.port || 6379}`);
  return down.length
    ? `Cannot reach ${down.join(' and ')}. Start them first, for example: docker compose up -d mysql redis`
    : null;
}
