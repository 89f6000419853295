// The page kit (issue 14): the building blocks every app's pages and dialogs share — heading, sections, figures,
// query states, the form dialog frame, tabs, the two-step button, the pager of a list the server pages, the owner
// picker and field errors, a goal's probability. Styles in page.css, injected with the rest of shared-ui's stylesheet.

export { Button, type ButtonProps } from './Button.tsx';
export { FormDialog, type FormDialogProps, FormError } from './FormDialog.tsx';
export {
  bindField,
  type CommonFieldError,
  FIELD_ERROR_MESSAGES,
  labelOptions,
  serverFieldErrors,
  useFieldErrors,
} from './fields.ts';
export { defaultOwner, type Owner, OwnerPicker, useOwners } from './owners.tsx';
export { PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export { countPages, Pager, type PagerProps } from './Pager.tsx';
export { Probability } from './Probability.tsx';
export { EmptyState, ErrorState, QueryState, type QueryStateProps, Skeleton } from './QueryState.tsx';
export { ScrollArea } from './ScrollArea.tsx';
export { Figure, type FigureTone, Notice, Section, type SectionProps } from './Section.tsx';
export { type TabDef, Tabs, type TabsProps, tabTarget } from './Tabs.tsx';
export { TwoStepButton, type TwoStepButtonProps } from './TwoStepButton.tsx';
