// OpenLayers' stylesheet as text, injected by the map's chunk (olMap.ts).
declare module 'ol/ol.css?raw' {
  const css: string;
  export default css;
}
