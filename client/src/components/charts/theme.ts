/** Chart colours from the palette of spec 9. */
export const COLORS = {
  primary: '#00405c',
  secondary: '#00a2e8',
  tint: '#1f628e',
  accent: '#f59e0b',
  grid: '#e2e8f0',
  text: '#4a5568',
};

export const AXIS_STYLE = {
  axis: { stroke: '#a0aec0' },
  tickLabels: { fontSize: 11, fill: COLORS.text, padding: 4 },
  axisLabel: { fontSize: 12, fill: COLORS.text, padding: 36 },
  grid: { stroke: COLORS.grid },
};
