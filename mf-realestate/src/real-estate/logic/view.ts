// What the page draws from the API's answers: the map's points (every property; the map shows those with
// coordinates) and the pie's slices by typology or destination with translated names.
import type { MessageDescriptor } from '@lingui/core';
import type { DonutSlice, MapPoint } from '@patrimonio/shared-ui';
import { DESTINATION_LABELS, TYPOLOGY_LABELS } from './labels.ts';

export type PieKind = 'typology' | 'destination';

export function mapPoints(
  properties: ReadonlyArray<{ id: number; lat: number | null; lng: number | null; description: string }>,
): MapPoint[] {
  return properties.map((p) => ({ id: p.id, lat: p.lat, lng: p.lng, label: p.description }));
}

/** The pie's slices: the code's translated name (the code itself if unknown) and the value; empty slices dropped. */
export function pieSlices(
  kind: PieKind,
  items: ReadonlyArray<{ name: string; value: number }>,
  translate: (d: MessageDescriptor) => string,
): DonutSlice[] {
  const labels: Record<string, MessageDescriptor> = kind === 'typology' ? TYPOLOGY_LABELS : DESTINATION_LABELS;
  return items
    .filter((i) => i.value > 0)
    .map((i) => ({ label: labels[i.name] ? translate(labels[i.name]!) : i.name, value: i.value }));
}
