// The property map (spec data-and-admin 2 and 9): clustered markers for the properties with coordinates, a message
// when none has any, a marker click zooms to it (17 in 0.5 s) and selects it. OpenLayers and the bundled base layer
// load lazily in chunks of their own once a map mounts, so pages without a map do not download them. Keyboard and
// screen-reader users get the properties as a list of buttons doing what a marker click does.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type Basemap, loadBasemap } from './basemap/index.ts';
import type { MapController } from './olMap.ts';
import { type LocatedPoint, locatedPoints, type MapPoint } from './view.ts';

export type MapState = 'loading' | 'ready' | 'error';
/** Why the state is 'error': the tiles could not be loaded (the map still shows) or the map itself could not. */
export type MapErrorCause = 'tiles' | 'map';

export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a>';

export interface PropertyMapProps {
  points: ReadonlyArray<MapPoint>;
  /** A marker click or a button of the keyboard list: the property to open. */
  onSelect: (id: MapPoint['id']) => void;
  /** The property open in the detail panel: its marker and list entry are highlighted. */
  selectedId?: MapPoint['id'] | null;
  /** Pixels; default 400. */
  height?: number;
  /**
   * XYZ URL template of the tiles over the bundled base layer (default OpenStreetMap's, credited to OpenStreetMap);
   * false for the base layer alone. Read when the map is created.
   */
  tiles?: string | false;
  /** Accessible name of the map; default "Mappa degli immobili". */
  label?: string;
  /**
   * Each time the map has drawn everything (data, and tiles loaded or failed) with no animation running: OpenLayers'
   * 'rendercomplete'. With no point to draw, once the no-coordinates message shows. The report waits for the first.
   */
  onRenderComplete?: () => void;
  onStateChange?: (state: MapState, cause?: MapErrorCause) => void;
  /** The vector base layer's data; default the one bundled with the portal (its own chunk, loaded lazily). */
  loadBaseLayer?: () => Promise<Basemap>;
}

type MapModule = typeof import('./olMap.ts');
let loading: Promise<MapModule> | null = null;

/** Loads OpenLayers and the map once (a failed load is retried by the next map). */
export function loadMapModule(): Promise<MapModule> {
  if (!loading) {
    loading = import(/* webpackChunkName: "map" */ './olMap.ts').catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** A value kept current for callbacks registered once (OpenLayers listeners, effects that run on mount). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * The points with coordinates, the same array while their ids, places and labels stay the same: a page passing a
 * new array of the same properties on each render does not redraw the markers.
 */
function useLocatedPoints(points: ReadonlyArray<MapPoint>): ReadonlyArray<LocatedPoint> {
  const located = locatedPoints(points);
  const key = JSON.stringify(located.map((p) => [p.id, p.lat, p.lng, p.label]));
  const kept = useRef({ key, located });
  if (kept.current.key !== key) kept.current = { key, located };
  return kept.current.located;
}

export function PropertyMap(props: PropertyMapProps) {
  const { t } = useLingui();
  const located = useLocatedPoints(props.points);
  const label = props.label ?? t`Mappa degli immobili`;
  if (located.length === 0) return <NoCoordinates {...props} label={label} />;
  return <OlPropertyMap {...props} label={label} located={located} />;
}

function NoCoordinates({ label, onStateChange, onRenderComplete }: PropertyMapProps & { label: string }) {
  const { t } = useLingui();
  const callbacks = useLatest({ onStateChange, onRenderComplete });
  useEffect(() => {
    // Nothing to draw is a finished map: the report need not wait for it.
    callbacks.current.onStateChange?.('ready');
    callbacks.current.onRenderComplete?.();
  }, [callbacks]);
  return (
    <section className="pt-map" aria-label={label} data-state="ready" data-markers={0}>
      <p className="pt-map__empty">{t`Nessun immobile ha coordinate`}</p>
    </section>
  );
}

/** Identifies the set of positions: the view refits when it changes, not when only a label or the order does. */
const positionsKey = (points: ReadonlyArray<LocatedPoint>) =>
  points
    .map((p) => `${p.lat},${p.lng}`)
    .sort()
    .join(';');

function OlPropertyMap(props: PropertyMapProps & { label: string; located: ReadonlyArray<LocatedPoint> }) {
  const { t } = useLingui();
  const { located, selectedId = null, height = 400, tiles = OSM_TILES, label } = props;
  const target = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<MapController | null>(null);
  const [failed, setFailed] = useState<MapErrorCause | null>(null);
  const [rendered, setRendered] = useState(false);
  const [zoom, setZoom] = useState<number | null>(null);
  const latest = useLatest(props);
  /** The points the map shows, and the places its view was last centred on. */
  const applied = useRef<{ controller: MapController; located: ReadonlyArray<LocatedPoint>; key: string } | null>(null);

  const state: MapState = failed ? 'error' : rendered ? 'ready' : 'loading';

  // The map is created once, with the tiles and base layer of its first render.
  const setup = useRef({ tiles, tilesAttribution: t`© Contributori di ${OSM_LINK}` });
  const labels = useRef({ zoomIn: t`Aumenta lo zoom`, zoomOut: t`Riduci lo zoom`, attributions: t`Fonti della mappa` });
  useEffect(() => {
    let live = true;
    let created: MapController | null = null;
    const base = (latest.current.loadBaseLayer ?? loadBasemap)().catch(() => null);
    Promise.all([loadMapModule(), base]).then(
      ([{ createMap }, baseData]) => {
        if (!live || !target.current) return;
        // The markers and their view go in with the map, so its first drawing (and 'rendercomplete') has them.
        const { located: initialPoints, selectedId: initialSelected = null } = latest.current;
        created = createMap({
          target: target.current,
          base: baseData,
          points: initialPoints,
          selected: initialSelected,
          ...setup.current,
          labels: labels.current,
          onSelect: (id) => latest.current.onSelect(id),
          // One unreachable tile is enough: the tiles are offline, the base layer and markers stay.
          onTileError: () => setFailed((f) => f ?? 'tiles'),
          onRenderComplete: () => {
            setRendered(true);
            latest.current.onRenderComplete?.();
          },
          onMoveEnd: setZoom,
        });
        applied.current = { controller: created, located: initialPoints, key: positionsKey(initialPoints) };
        setController(created);
      },
      () => {
        if (live) setFailed('map');
      },
    );
    return () => {
      live = false;
      created?.destroy();
    };
  }, [latest]);

  const key = positionsKey(located);
  useEffect(() => {
    const last = applied.current;
    if (!controller || (last?.controller === controller && last.located === located)) return;
    // Markers at other places: centre the view on them again. Otherwise the view stays where the user put it.
    controller.setPoints(located, last?.controller !== controller || last.key !== key);
    applied.current = { controller, located, key };
  }, [controller, located, key]);

  useEffect(() => controller?.setSelected(selectedId), [controller, selectedId]);

  useEffect(() => {
    latest.current.onStateChange?.(state, failed ?? undefined);
  }, [latest, state, failed]);

  const select = (id: MapPoint['id']) => {
    controller?.zoomTo(id);
    props.onSelect(id);
  };

  return (
    <section
      className="pt-map"
      aria-label={label}
      data-state={state}
      data-error={failed ?? undefined}
      data-markers={located.length}
      data-zoom={zoom ?? undefined}
    >
      <div
        ref={target}
        className="pt-map__canvas"
        style={{ height }}
        // OpenLayers pans with the arrow keys and zooms with + and - when its target has the focus.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes keyboard input (role application)
        tabIndex={0}
        role="application"
        aria-label={t`Mappa: frecce per spostarla, + e - per lo zoom`}
      />
      {/* Always there, so screen readers announce the message when it appears; hidden while empty. */}
      <p className="pt-map__notice" role="status">
        {failed === 'tiles' ? t`Mappa di base offline: le tessere non sono raggiungibili` : null}
        {failed === 'map' ? t`Impossibile caricare la mappa.` : null}
      </p>
      <div className="pt-map__list">
        <ul aria-label={t`Immobili sulla mappa`}>
          {located.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                aria-current={p.id === selectedId ? 'true' : undefined}
                onClick={() => select(p.id)}
              >
                {p.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
