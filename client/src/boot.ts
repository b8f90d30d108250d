/**
 * The client's entry. A page whose HTML already draws its first screen (app/page-shells.ts,
 * public/login-shell.ts) is painted before the app's modules are evaluated: evaluated first, React's and
 * Chakra's ~100 KB held the shell's paint back by the length of their evaluation (on a phone, several hundred
 * ms). They download in the meantime (the HTML preloads main.tsx's static imports), so the app does not start
 * later for it.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};
if (document.querySelector('[data-page-shell]')) {
  // requestAnimationFrame runs just before the next frame is painted, the timeout just after it; a tab opened
  // in the background paints no frames, and starts after 100 ms.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
} else {
  start();
}
