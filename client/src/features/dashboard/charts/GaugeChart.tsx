import { formatDecimal1 } from '../../../components/format';
import { staticClasses, type StaticStyle } from '../../../components/static-classes';
import { clamp } from '../utils/chart-data';
import { COLORS } from './theme';

const HALF = Math.PI / 2;
const OUTER = 120;
const INNER = 80;
const at = (r: number, a: number) => `${+(r * Math.sin(a)).toFixed(3)},${+(-r * Math.cos(a)).toFixed(3)}`;

/** A slice of the ring between two angles (radians clockwise from 12 o'clock), as d3's arc writes it. */
export function ringPath(from: number, to: number): string {
  if (to - from <= 0) return `M${at(OUTER, from)}L${at(INNER, from)}Z`;
  const large = to - from >= Math.PI ? 1 : 0;
  return (
    `M${at(OUTER, from)}A${OUTER},${OUTER},0,${large},1,${at(OUTER, to)}` +
    `L${at(INNER, to)}A${INNER},${INNER},0,${large},0,${at(INNER, from)}Z`
  );
}

const label = (active: boolean): StaticStyle => ({
  css: {
    px: '2',
    py: '0.5',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: active ? 'bold' : 'normal',
    bg: active ? 'primary' : 'gray.100',
    color: active ? 'white' : 'gray.600',
  },
});
// The gauge's boxes, value and labels as Chakra's Box, Text and HStack styled them, as fixed classes: both gauges
// are on a phone's first screen of the dashboard.
const useClasses = staticClasses({
  root: { css: { textAlign: 'center' } },
  ring: { css: { maxW: '260px', mx: 'auto', h: '140px', overflow: 'hidden' } },
  value: { css: { fontSize: '2xl', fontWeight: 'bold', color: 'primary', mt: '-10' } },
  // HStack justify="space-between" fontSize="xs" color="gray.500" maxW="240px" mx="auto"
  scale: {
    css: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      flexDirection: 'row',
      gap: '0.5rem',
      fontSize: 'xs',
      color: 'gray.500',
      maxW: '240px',
      mx: 'auto',
    },
  },
  // HStack justify="center" gap="2" mt="1"
  labels: {
    css: { display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'row', gap: '2', mt: '1' },
  },
  label: label(false),
  activeLabel: label(true),
});

/**
 * A half-circle gauge (spec 2): the value, clamped between 0 and max, fills the arc; optional labels
 * under it with the matching one highlighted.
 */
export function GaugeChart(props: {
  value: number;
  max: number;
  display: string;
  labels?: readonly string[];
  active?: string;
  ariaLabel: string;
}) {
  const v = clamp(props.value, props.max);
  // The filled share of the half ring, as the pie divided it: the rest is max - v, a sliver when v is max,
  // and the whole ring when v is 0.
  const rest = props.max - v || (v === 0 ? props.max : 0.0001);
  const share = v / (v + rest);
  const c = useClasses();
  return (
    <div role="img" aria-label={props.ariaLabel} className={c.root}>
      <div className={c.ring} aria-hidden="true">
        {/* The 260x260 half ring VictoryPie drew (radius 120, inner 80, -90 to 90 degrees), drawn here so the
            gauges on a phone's first screen do not load and run Victory. */}
        <div style={{ position: 'relative', width: '100%', height: '100%' }}>
          <svg width={260} height={260} viewBox="0 0 260 260" style={{ width: '100%', height: '100%' }}>
            <g transform="translate(130, 130)">
              <path d={ringPath(-HALF, -HALF + Math.PI * share)} fill={COLORS.secondary} />
              <path d={ringPath(-HALF + Math.PI * share, HALF)} fill="#e2e8f0" />
            </g>
          </svg>
        </div>
      </div>
      <p className={c.value} data-testid="gauge-value">
        {props.display}
      </p>
      <div className={`chakra-stack ${c.scale}`}>
        <span>0</span>
        <span>{formatDecimal1(props.max).replace('.0', '')}</span>
      </div>
      {props.labels && (
        <div className={`chakra-stack ${c.labels}`}>
          {props.labels.map((l) => (
            <span
              key={l}
              className={l === props.active ? c.activeLabel : c.label}
              aria-current={l === props.active ? 'true' : undefined}
              data-testid={l === props.active ? 'gauge-active-label' : undefined}
            >
              {l}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
