/**
 * A browser's User-Agent for pixels the suites send: Node's fetch says `node`, which `isbot` rightly calls a bot
 * (docs/invalid-traffic.md), and a bot's hit never counts.
 */
export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const BROWSER = { headers: { 'user-agent': BROWSER_UA } };
