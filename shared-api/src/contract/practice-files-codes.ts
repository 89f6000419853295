// The codes of the practice's documents and support tickets (issue 19), without schemas, so that a page can list them
// (through '@patrimonio/shared-api/constants') without bundling TypeBox. The generic file-upload control's rules
// (portal-and-report 5): one file of at most ATTACHMENT_MAX_BYTES, png, jpg, jpeg, gif or pdf, checked by content.

/** The generic upload control's size limit: 15 MB (413 file_too_large above). */
export const ATTACHMENT_MAX_BYTES = 15_000_000;
/** The file name extensions the control accepts (the server reads the type from the content). */
export const ATTACHMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'pdf'] as const;
/** The media types stored: the one the content is. */
export const ATTACHMENT_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'application/pdf'] as const;
export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];
/** The upload refusals (ErrorBody.code), named as the portal's toasts (portal-and-report 8). */
export const ATTACHMENT_ERROR_CODES = ['file_too_large', 'too_many_files', 'bad_file_generic'] as const;

export const DOCUMENT_CATEGORIES = [
  'MANDATE',
  'MIFID_QUESTIONNAIRE',
  'IDENTITY_DOCUMENT',
  'CONTRACT',
  'OTHER',
] as const;
export const DOCUMENTS_PAGE_SIZE = 100;
export const DOCUMENT_TITLE_MAX = 200;

export const TICKET_CATEGORIES = ['ACCESS', 'DATA', 'REPORT', 'BILLING', 'OTHER'] as const;
export const TICKET_STATES = ['OPEN', 'IN_PROGRESS', 'CLOSED'] as const;
export const TICKETS_PAGE_SIZE = 100;
export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 5000;
/** The link a ticket's mail carries, after PUBLIC_URL. */
export const supportTicketPath = (id: number) => `/support?ticket=${id}`;
