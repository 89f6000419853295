// Form controls (issue 5): the field wrapper, percent, currency, date, email, text and select, and request bodies
// from form values; forms bound to the contract's body schemas (issue 14, contract.ts). Spec portal-and-report
// section 5, data-and-admin section 5.
export { type RequestBody, toRequestBody } from './body.ts';
export {
  type CommonFormErrorCode,
  type ContractForm,
  type ContractFormOptions,
  type FormErrorCode,
  serverErrorPaths,
  useContractForm,
} from './contract.ts';
export { DatePicker, type DatePickerProps } from './DatePicker.tsx';
export { Field, type FieldControl, type FieldProps } from './Field.tsx';
export {
  addYearsIso,
  DATE_MAX,
  DATE_MIN,
  DEFAULT_CURRENCY_SYMBOL,
  dateError,
  formatForInput,
  fractionToPercent,
  isIsoDate,
  matchOptions,
  NUMBER_SEPARATORS,
  type NumberError,
  type NumberRules,
  PERCENT_MAX,
  PERCENT_MIN,
  percentToFraction,
  QUICK_YEARS,
  readNumber,
} from './logic.ts';
export { formMessages } from './messages.ts';
export { CurrencyInput, type CurrencyInputProps, PercentInput, type PercentInputProps } from './NumberInputs.tsx';
export { SearchSelect, type SearchSelectProps } from './SearchSelect.tsx';
export {
  EmailInput,
  type EmailInputProps,
  Select,
  type SelectOption,
  type SelectProps,
  TextArea,
  type TextAreaProps,
  TextInput,
  type TextInputProps,
} from './TextInputs.tsx';
export type { ControlProps } from './types.ts';
