// The real-estate map in Node: OpenLayers draws its tiles and markers on a canvas, and Node has none here (no
// node-canvas). The map counts as failed, and the real-estate summary is drawn without it, the layout adjusted
// (portal-and-report 2: "a map ... dropped, with the layout adjusted, if the map fails to load").
import type { MapRenderer } from '../report/types.ts';

export const nodeMap: MapRenderer = async () => undefined;
