import 'leaflet/dist/leaflet.css';
import './region-map.css';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { formatCount } from '../../../components/format';
import { circleRadius } from '../utils/chart-data';
import { COLORS } from './theme';

export const MAP_MAX_ZOOM = 10;
export const FIT_DURATION_MS = 1000;
export const FIT_PADDING = 50;
/** A light basemap on the public z/x/y pattern (spec 2); without it the circles stand on a plain background. */
export const TILE_URL = 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}.png';

export interface MapRegion {
  Region: string;
  Responses: number;
  Latitude: number | null;
  Longitude: number | null;
}

function FitToRegions({ regions }: { regions: MapRegion[] }) {
  const map = useMap();
  useEffect(() => {
    const points = regions.filter((r) => r.Latitude != null && r.Longitude != null);
    if (points.length === 0) return;
    const bounds = latLngBounds(points.map((r) => [r.Latitude!, r.Longitude!] as [number, number]));
    map.flyToBounds(bounds, {
      padding: [FIT_PADDING, FIT_PADDING],
      maxZoom: MAP_MAX_ZOOM,
      duration: FIT_DURATION_MS / 1000,
    });
  }, [map, regions]);
  return null;
}

/** One circle per region sized by its responses, each labelled, over a light basemap (spec 2/9). */
export default function RegionMap(props: { regions: MapRegion[]; centre: [number, number]; zoom: number }) {
  const placed = props.regions.filter((r) => r.Latitude != null && r.Longitude != null);
  return (
    <MapContainer
      center={props.centre}
      zoom={props.zoom}
      maxZoom={MAP_MAX_ZOOM}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%', background: '#e6eef2', borderRadius: 6 }}
      attributionControl
    >
      <TileLayer url={TILE_URL} attribution="&copy; OpenStreetMap contributors &copy; CARTO" maxZoom={MAP_MAX_ZOOM} />
      {placed.map((r) => (
        <CircleMarker
          key={r.Region}
          center={[r.Latitude!, r.Longitude!]}
          radius={Math.max(3, circleRadius(r.Responses))}
          pathOptions={{ color: COLORS.primary, weight: 1, fillColor: COLORS.secondary, fillOpacity: 0.55 }}
        >
          <Tooltip permanent direction="top" offset={[0, -4]} className="region-label">
            {`${r.Region}: ${formatCount(r.Responses)}`}
          </Tooltip>
        </CircleMarker>
      ))}
      <FitToRegions regions={placed} />
    </MapContainer>
  );
}
