// The real-estate map in the browser: the portal's PropertyMap mounted off-screen at the report's size, captured as
// a PNG once the map fires its own render-complete event (portal-and-report 4: the map must finish loading). The
// spec's ~3 s is the upper bound, not a fixed wait: no event by then, or an error, and the map is dropped.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { loadMapModule, PropertyMap } from '@patrimonio/shared-ui';
import { createRoot } from 'react-dom/client';
import type { MapRenderer } from '../report/types.ts';

/** Longest wait for the map's render-complete event once its code has loaded (spec section 9: map wait ~3000 ms). */
export const MAP_WAIT_MS = 3000;

/** One image of the map's canvases (tiles, base layer, markers), composed as OpenLayers lays them out. */
function composeCanvases(target: HTMLElement, width: number, height: number): string | undefined {
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const context = out.getContext('2d');
  if (!context) return undefined;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  for (const canvas of Array.from(target.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas, canvas.ol-layer'))) {
    if (canvas.width === 0) continue;
    const layer = canvas.parentElement;
    const opacity = layer && layer.style.opacity !== '' ? Number(layer.style.opacity) : 1;
    context.globalAlpha = Number.isFinite(opacity) ? opacity : 1;
    // OpenLayers sets the pixel-ratio scaling as a CSS matrix on each canvas.
    const matrix = /^matrix\(([^)]*)\)$/.exec(canvas.style.transform)?.[1]?.split(',').map(Number);
    if (matrix?.length === 6)
      context.setTransform(matrix[0]!, matrix[1]!, matrix[2]!, matrix[3]!, matrix[4]!, matrix[5]!);
    else context.setTransform(width / canvas.width, 0, 0, height / canvas.height, 0, 0);
    context.drawImage(canvas, 0, 0);
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  // Tiles without CORS would have tainted the canvas: toDataURL throws, and the map is dropped.
  return out.toDataURL('image/png');
}

export const browserMap: MapRenderer = async (points, size) => {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = `position:fixed;left:-20000px;top:0;width:${size.width}px;`;
  document.body.append(host);
  const root = createRoot(host);
  try {
    await loadMapModule();
    const drawn = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), MAP_WAIT_MS);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      root.render(
        <I18nProvider i18n={i18n}>
          <PropertyMap
            points={points}
            height={size.height}
            onSelect={() => {}}
            onRenderComplete={() => done(true)}
            onStateChange={(state, cause) => {
              // Offline tiles still leave the base layer and the markers; only a map that cannot load fails.
              if (state === 'error' && cause === 'map') done(false);
            }}
          />
        </I18nProvider>,
      );
    });
    if (!drawn) return undefined;
    const target = host.querySelector<HTMLElement>('.pt-map__canvas');
    const dataUrl = target ? composeCanvases(target, size.width, size.height) : undefined;
    return dataUrl ? { kind: 'raster', dataUrl, width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  } finally {
    root.unmount();
    host.remove();
  }
};
