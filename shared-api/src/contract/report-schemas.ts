// Schemas of the report calls (portal-and-report sections 3, 5 and 9): the logo as a data URL and the report settings.
import { type Static, type TString, Type } from 'typebox';
import { Id } from './fields.ts';

/** The report's sections, fixed (portal-and-report 9). */
export const REPORT_SECTIONS = ['overview', 'financial', 'fees', 'realEstate', 'shares', 'artLux'] as const;
export const ReportSection = Type.Enum(REPORT_SECTIONS);
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** Logo: at most 15,000,000 bytes and one file (portal-and-report 5 and 9). */
export const LOGO_MAX_BYTES = 15_000_000;
export const LOGO_MAX_FILES = 1;
/** The data URL of the largest logo: base64 takes 4 characters per 3 bytes, plus the `data:...;base64,` prefix. */
export const LOGO_MAX_DATA_URL_LENGTH = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64;

/** Error codes of a refused logo, as the portal's toasts name them (portal-and-report 8). */
export const LOGO_ERRORS = ['file_too_large', 'too_many_files', 'bad_file_generic'] as const;

export const LogoUpload = Type.Object(
  {
    logoStream: Type.Unknown({
      description:
        'The logo as a data URL (data:image/png|jpeg|svg+xml;base64,...). One file only: an array or a list of data URLs is refused with too_many_files.',
    }),
  },
  { additionalProperties: false },
);
export type LogoUpload = Static<typeof LogoUpload>;

export const LOGO_TYPES = ['png', 'jpg', 'svg'] as const;
export const LogoInfo = Type.Object({
  type: Type.Enum(LOGO_TYPES, { description: 'The type read from the content, not from the name or the data URL' }),
  mediaType: Type.String({ description: 'image/png, image/jpeg or image/svg+xml' }),
  bytes: Type.Integer({ minimum: 1, description: 'Size of the stored image (an SVG after sanitising)' }),
});
export type LogoInfo = Static<typeof LogoInfo>;

/** A file answer: typed as binary too, so that only such routes go to the client's `download`. */
export const LogoBinary = Type.String({
  format: 'binary',
  description: 'The image, with Content-Disposition: inline; filename="logo.png|jpg|svg"',
}) as TString & { format: 'binary' };

export const ReportSettingsQuery = Type.Object(
  {
    clientId: Type.Optional(Id),
    familyId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ReportSettingsQuery = Static<typeof ReportSettingsQuery>;

export const ReportSettings = Type.Object(
  {
    sections: Type.Array(ReportSection, { uniqueItems: true, maxItems: REPORT_SECTIONS.length }),
    portfolios: Type.Array(Id, { uniqueItems: true, description: 'Portfolio ids of the portfolio menu' }),
  },
  { additionalProperties: false },
);
export type ReportSettings = Static<typeof ReportSettings>;
