// The columns the file exchange's tables share: a status in words and colour, and a file's format.
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { FileFormat } from '@patrimonio/shared-api/constants';
import type { TableColumn } from '@patrimonio/shared-ui';
import { FORMAT_SHORT_LABELS, type Tone } from './labels.ts';

/** A row's status in words, its cell in the status's colour (the words always go with the colour). */
export const statusColumn = <S extends string, R extends { status: S }>(
  title: string,
  i18n: I18n,
  labels: Record<S, MessageDescriptor>,
  tones: Record<S, Tone>,
): TableColumn<R> => ({
  key: 'status',
  title,
  value: (r) => i18n._(labels[r.status]),
  tone: (r) => tones[r.status],
});

/** A file's format in short words; in the column menu and the export, so the row actions stay in view at 1366 px. */
export const formatColumn = <R extends { format: FileFormat | null }>(title: string, i18n: I18n): TableColumn<R> => ({
  key: 'format',
  title,
  value: (r) => (r.format ? i18n._(FORMAT_SHORT_LABELS[r.format]) : ''),
  hiddenByDefault: true,
});
