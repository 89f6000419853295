// File imports (issue 13; shared with the middle office in issue 16): the upload dialog with its rejected rows, the
// movement import's dialog and templates, the file checks and the call, and every refusal in the user's language
// (docs/import/README.md).

export { AttachmentInput, type AttachmentInputProps } from './AttachmentInput.tsx';
export {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_TOASTS,
  type AttachmentError,
  type AttachmentRequest,
  attachmentError,
  attachmentRefusalToast,
  downloadApiFile,
  useApiUpload,
  useAttachmentForm,
} from './attachment.ts';
export {
  FileUploadDialog,
  type FileUploadDialogProps,
  RejectedRows,
  RejectionReason,
  uploadMessages,
} from './FileUploadDialog.tsx';
export {
  checkFiles,
  type RejectedRow,
  templateCsv,
  UPLOAD_ACCEPT,
  type UploadOutcome,
  type UploadRouteName,
  uploadFile,
} from './files.ts';
export {
  type AccountMenuRequest,
  MovementUploadDialog,
  type MovementUploadDialogProps,
} from './MovementUploadDialog.tsx';
export { type ErrorAnswer, fileRefusalMessage, rejectionMessage, uploadFailureMessage } from './messages.ts';
