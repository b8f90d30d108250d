import { ringPath } from './GaugeChart';

// The paths VictoryPie drew for the gauges before they were drawn by hand, read from the page:
// correlation 0 of 1 and Pareto 1 of 10.
const HALF = Math.PI / 2;

test('an empty gauge is the whole grey half ring, as the pie drew it', () => {
  expect(ringPath(-HALF, -HALF)).toBe('M-120,0L-80,0Z');
  expect(ringPath(-HALF, HALF)).toBe('M-120,0A120,120,0,1,1,120,0L80,0A80,80,0,1,0,-80,0Z');
});

test('a tenth of the gauge splits the ring where the pie split it', () => {
  const at = -HALF + Math.PI * 0.1;
  expect(ringPath(-HALF, at)).toBe('M-120,0A120,120,0,0,1,-114.127,-37.082L-76.085,-24.721A80,80,0,0,0,-80,0Z');
  expect(ringPath(at, HALF)).toBe('M-114.127,-37.082A120,120,0,0,1,120,0L80,0A80,80,0,0,0,-76.085,-24.721Z');
});
