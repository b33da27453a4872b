import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  TextArea,
} from 'react-aria-components';

export interface FormFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className' | 'isInvalid'> {
  label: string;
  /** The field's message (from the shared rules or the server); set = invalid. */
  error: string | undefined;
  multiline?: boolean;
  inputMode?: 'text' | 'tel' | 'email';
}

/**
 * A labelled text field whose message comes from outside (the components/ TextField shows only
 * react-aria's own validation; this form's rules are the shared ones, run on submit).
 */
export function FormField({ label, error, multiline = false, inputMode, ...rest }: FormFieldProps) {
  return (
    <AriaTextField {...rest} className="field" isInvalid={error !== undefined}>
      <Label>{label}</Label>
      {multiline ? <TextArea rows={3} /> : <Input inputMode={inputMode} />}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}
