/// <reference types="mocha" />
// The property map in real Chromium, from the built shared-ui (OpenLayers loads lazily from its own chunk): with the
// tiles unreachable the map is in its error state and still draws the markers on the vector base layer; no
// coordinates gives the message; the initial zoom follows the spread; a marker click (mouse or the keyboard list)
// selects the property and zooms to 17, a cluster click zooms in to its members. The base layer here is a small
// inline FeatureCollection: a box over Italy as the "country", a smaller one around Rome as the "region".
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import {
  type Basemap,
  CLUSTER_COLOR,
  i18n,
  initI18n,
  injectStyles,
  type MapPoint,
  type MapState,
  PropertyMap,
  type PropertyMapProps,
  setLocale,
  zoomForSpread,
} from '@patrimonio/shared-ui';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { italianProperties, propertiesWithoutCoordinates, UNREACHABLE_TILES, worldwideProperties } from './fixtures.ts';

const ITALY_BOX: [number, number, number, number] = [6, 36, 19, 47.5];
const baseLayer: Basemap = {
  countries: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Italia' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [ITALY_BOX[0], ITALY_BOX[1]],
              [ITALY_BOX[2], ITALY_BOX[1]],
              [ITALY_BOX[2], ITALY_BOX[3]],
              [ITALY_BOX[0], ITALY_BOX[3]],
              [ITALY_BOX[0], ITALY_BOX[1]],
            ],
          ],
        },
      },
    ],
  },
  regions: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Lazio' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [11.5, 41.2],
              [14, 41.2],
              [14, 42.8],
              [11.5, 42.8],
              [11.5, 41.2],
            ],
          ],
        },
      },
    ],
  },
};
const loadBaseLayer = () => Promise.resolve(baseLayer);
/** The country fill of the base layer (#f3f4f2). */
const COUNTRY = [243, 244, 242];

const rome: MapPoint = { id: 1, lat: 41.9028, lng: 12.4964, label: 'Appartamento via del Corso, Roma' };
const romeNearby: MapPoint = { id: 2, lat: 41.9065, lng: 12.4823, label: 'Attico piazza del Popolo, Roma' };
const milan: MapPoint = { id: 3, lat: 45.4642, lng: 9.19, label: 'Ufficio corso Buenos Aires, Milano' };

let root: Root;
let host: HTMLElement;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean, what: string, timeout = 8000) => {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
};
const q = <T extends Element = HTMLElement>(sel: string) => host.querySelector<T>(sel);
const map = () => q('.pt-map')!;
const canvasBox = () => q('.pt-map__canvas')!.getBoundingClientRect();
const zoom = () => Number(map().dataset.zoom);
/** The middle of the map, in viewport pixels: where the view centres the properties. */
const centre = () => {
  const box = canvasBox();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
};
const clickAt = (x: number, y: number) => sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });

interface Events {
  selected: Array<MapPoint['id']>;
  states: MapState[];
  rendered: number;
}
function render(props: Partial<PropertyMapProps> & Pick<PropertyMapProps, 'points'>): Events {
  const events: Events = { selected: [], states: [], rendered: 0 };
  flushSync(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <PropertyMap
          tiles={false}
          loadBaseLayer={loadBaseLayer}
          height={400}
          onSelect={(id) => events.selected.push(id)}
          onStateChange={(s) => events.states.push(s)}
          onRenderComplete={() => events.rendered++}
          {...props}
        />
      </I18nProvider>,
    ),
  );
  return events;
}
/**
 * Waits for the map's first complete drawing (OpenLayers loaded, the data drawn, tiles loaded or failed) and for the
 * state event that goes with it: the event comes from an effect after the commit that sets `data-state`, so on a busy
 * machine it can arrive a little after the drawing.
 */
const drawn = (events: Events) =>
  until(
    () => events.rendered > 0 && map().dataset.zoom !== undefined && events.states.at(-1) === map().dataset.state,
    'the map',
  );

/**
 * The colour drawn at a point of the page (viewport pixels): the topmost of OpenLayers' canvases painting there,
 * or a transparent [0, 0, 0, 0] where none does (the sea: the frame's background shows through).
 */
function pixelAt(x: number, y: number): number[] {
  const canvases = [...host.querySelectorAll('canvas')].reverse();
  for (const canvas of canvases) {
    const box = canvas.getBoundingClientRect();
    const px = Math.floor(((x - box.left) * canvas.width) / box.width);
    const py = Math.floor(((y - box.top) * canvas.height) / box.height);
    const rgba = [...canvas.getContext('2d')!.getImageData(px, py, 1, 1).data];
    if (rgba[3]! > 0) return rgba;
  }
  return [0, 0, 0, 0];
}
const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
const near = (actual: number[], expected: number[]) => expected.every((v, i) => Math.abs(actual[i]! - v) <= 3);

before(async () => {
  injectStyles();
  await initI18n();
});
beforeEach(async () => {
  await setLocale('it');
  await setViewport({ width: 1000, height: 800 });
  host = document.createElement('div');
  host.style.width = '720px';
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

describe('lazy loading', () => {
  it('loads OpenLayers from its own chunk when a map with markers mounts', async () => {
    const events = render({ points: [rome] });
    await drawn(events);
    const files = performance.getEntriesByType('resource').map((e) => e.name);
    expect(files.some((n) => /\/dist\/chunks\/map\.[0-9a-f]+\.js$/.test(n))).to.equal(true);
  });
});

describe('tiles unreachable', () => {
  it('is in the error state with its notice, and draws the marker on the bundled base layer', async () => {
    const events = render({ points: [rome], tiles: UNREACHABLE_TILES });
    await until(() => map().dataset.state === 'error', 'the error state');
    expect(map().dataset.error).to.equal('tiles');
    expect(q('.pt-map__notice')!.textContent).to.equal('Mappa di base offline: le tessere non sono raggiungibili');
    expect(q('.pt-map__notice')!.getAttribute('role')).to.equal('status');
    await drawn(events);
    expect(events.states).to.deep.equal(['loading', 'error']);

    // One property: the view centres on it, so its marker is drawn at the middle of the map in the badge colour.
    const { x: cx, y: cy } = centre();
    expect(near(pixelAt(cx, cy), hex(CLUSTER_COLOR)), `marker at the centre: ${pixelAt(cx, cy)}`).to.equal(true);
    // 100 px west of Rome (about 2.2 degrees at zoom 6) is inside the base layer's box: the country fill.
    expect(near(pixelAt(cx - 100, cy), COUNTRY), `country fill: ${pixelAt(cx - 100, cy)}`).to.equal(true);
    // 340 px west (about 7.5 degrees, west of 6 degrees east) is outside it: nothing drawn, the sea shows.
    expect(pixelAt(cx - 340, cy)[3]).to.equal(0);
  });

  it('tells the same in English', async () => {
    await setLocale('en');
    render({ points: [rome], tiles: UNREACHABLE_TILES });
    await until(() => map().dataset.state === 'error', 'the error state');
    expect(q('.pt-map__notice')!.textContent).to.equal('Base map offline: the tiles cannot be reached');
  });
});

describe('render complete', () => {
  it('comes first with the marker already drawn, the event the report waits for', async () => {
    let atFirst: number[] | null = null;
    render({
      points: [rome],
      onRenderComplete: () => {
        atFirst ??= pixelAt(centre().x, centre().y);
      },
    });
    await until(() => atFirst !== null, 'render complete');
    expect(near(atFirst!, hex(CLUSTER_COLOR)), `marker at the first render complete: ${atFirst}`).to.equal(true);
  });
});

describe('no coordinates', () => {
  it('shows the message instead of the map, is ready and complete at once', async () => {
    const events = render({ points: propertiesWithoutCoordinates });
    await until(() => events.rendered === 1, 'render complete');
    expect(q('.pt-map__empty')!.textContent).to.equal('Nessun immobile ha coordinate');
    expect(map().getAttribute('aria-label')).to.equal('Mappa degli immobili');
    expect(map().dataset.state).to.equal('ready');
    expect(events.states).to.deep.equal(['ready']);
    expect(host.querySelector('canvas')).to.equal(null);
  });

  it('in English', async () => {
    await setLocale('en');
    render({ points: [] });
    await until(() => q('.pt-map__empty') !== null, 'the message');
    expect(q('.pt-map__empty')!.textContent).to.equal('No property has coordinates');
    expect(map().getAttribute('aria-label')).to.equal('Property map');
  });
});

describe('initial zoom from the spread of the coordinates', () => {
  it('Milan and Rome (3.56 degrees): zoom 6, and the base-layer map is ready', async () => {
    expect(zoomForSpread(3.56)).to.equal(6);
    const events = render({ points: [milan, rome] });
    await drawn(events);
    expect(zoom()).to.equal(6);
    expect(map().dataset.state).to.equal('ready');
    // The status line is there, empty and out of sight, until something goes wrong.
    expect(q('.pt-map__notice')!.textContent).to.equal('');
    expect(events.states).to.deep.equal(['loading', 'ready']);
  });

  it('six properties across Italy (7.35 degrees, zoom 6) in a map 380 px high open at zoom 5, so all show', async () => {
    const events = render({ points: italianProperties, height: 380 });
    await drawn(events);
    expect(zoom()).to.equal(5);
    // Six of the seven have coordinates: six markers and six buttons in the keyboard list.
    expect(map().dataset.markers).to.equal('6');
    expect(host.querySelectorAll('.pt-map__list button')).to.have.length(6);
  });

  it('Milan, New York and Sydney (225 degrees): zoom 1 by the spread, held at the minimum zoom 2', async () => {
    expect(zoomForSpread(225.2)).to.equal(1);
    const events = render({ points: worldwideProperties });
    await drawn(events);
    expect(zoom()).to.equal(2);
    expect(map().dataset.markers).to.equal('3');
  });
});

describe('new points', () => {
  it('keeps the view when only a label changes, recentres on properties at other places', async () => {
    const events = render({ points: [rome] });
    await drawn(events);
    q<HTMLButtonElement>('.pt-map__list button')!.click();
    await until(() => zoom() === 17, 'zoom 17');
    // The page renders again with the property renamed: the markers are redrawn, the view stays where it was.
    const renamed = { ...rome, label: 'Appartamento in centro, Roma' };
    render({ points: [renamed] });
    // Two frames: OpenLayers would have drawn a new view in the first and React shown its zoom by the second.
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    expect(zoom()).to.equal(17);
    // Another property joins: the view opens on both (Milan and Rome, zoom 6).
    render({ points: [renamed, milan] });
    await until(() => zoom() === 6, 'the view on Milan and Rome');
    expect(map().dataset.markers).to.equal('2');
    expect([...host.querySelectorAll('.pt-map__list button')].map((b) => b.textContent)).to.deep.equal([
      renamed.label,
      milan.label,
    ]);
  });
});

describe('selecting a property', () => {
  it('a marker click selects the property and zooms to 17', async () => {
    const events = render({ points: [rome] });
    await drawn(events);
    await clickAt(centre().x, centre().y);
    await until(() => events.selected.length === 1, 'the selection');
    expect(events.selected).to.deep.equal([1]);
    await until(() => zoom() === 17, 'zoom 17');
  });

  it('a click off the markers selects nothing', async () => {
    const events = render({ points: [rome] });
    await drawn(events);
    await clickAt(canvasBox().left + 120, centre().y);
    // The click has been handled once the pointer's events are through: a frame later nothing is selected.
    await new Promise(requestAnimationFrame);
    expect(events.selected).to.deep.equal([]);
    expect(zoom()).to.equal(6);
  });

  it('a cluster click zooms in to fit its members, without selecting', async () => {
    const events = render({ points: [rome, romeNearby] });
    await drawn(events);
    expect(zoom()).to.equal(6);
    await clickAt(centre().x, centre().y);
    // Two properties 1.25 km apart fit at zoom 14 or 15 in a 720 x 400 map with its padding; short of 17.
    await until(() => zoom() > 13, 'the zoom onto the cluster');
    expect(zoom()).to.be.below(17);
    expect(events.selected).to.deep.equal([]);
  });

  it('the keyboard list does what a marker click does, and shows while it has the focus', async () => {
    const events = render({ points: [rome, milan], selectedId: 3 });
    await drawn(events);
    const buttons = [...host.querySelectorAll<HTMLButtonElement>('.pt-map__list button')];
    expect(buttons.map((b) => b.textContent)).to.deep.equal([rome.label, milan.label]);
    expect(buttons.map((b) => b.getAttribute('aria-current'))).to.deep.equal([null, 'true']);
    expect(q('.pt-map__list ul')!.getAttribute('aria-label')).to.equal('Immobili sulla mappa');
    expect(q('.pt-map__list')!.getBoundingClientRect().width).to.be.at.most(1);
    buttons[0]!.focus();
    expect(q('.pt-map__list')!.getBoundingClientRect().width).to.be.above(100);
    await sendKeys({ press: 'Enter' });
    await until(() => events.selected.length === 1, 'the selection');
    expect(events.selected).to.deep.equal([1]);
    await until(() => zoom() === 17, 'zoom 17');
  });

  it('the map is a labelled region with a focusable map for the arrow and zoom keys', async () => {
    const events = render({ points: [rome], label: 'Immobili di Marco Rossi' });
    await drawn(events);
    expect(map().tagName).to.equal('SECTION');
    expect(map().getAttribute('aria-label')).to.equal('Immobili di Marco Rossi');
    const canvas = q('.pt-map__canvas')!;
    expect(canvas.getAttribute('role')).to.equal('application');
    expect(canvas.tabIndex).to.equal(0);
    expect(q('.ol-zoom-in')!.getAttribute('title')).to.equal('Aumenta lo zoom');
    // OpenLayers' own stylesheet came with its chunk: its controls sit over the map.
    expect(document.getElementById('pt-ol-styles')!.textContent).to.contain('.ol-control');
    expect(getComputedStyle(q('.ol-zoom')!).position).to.equal('absolute');
    canvas.focus();
    await sendKeys({ press: '+' });
    await until(() => zoom() === 7, 'zoom 7 from the keyboard');
  });
});
