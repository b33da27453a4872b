import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from 'react-aria-components';

export interface FormFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className' | 'isInvalid'> {
  label: string;
  /** The field's message (from the shared rules or the server); set = invalid. */
  error: string | undefined;
  multiline?: boolean;
  inputMode?: 'text' | 'tel' | 'email' | 'decimal' | 'numeric';
  /** A line under the field saying what to type. */
  hint?: string;
}

/**
 * A labelled text field whose message comes from outside (TextField, text-field.tsx, shows only
 * react-aria's own validation; the forms using this run the shared rules on submit: the delivery
 * form, the profile's sections, the printer pairing).
 */
export function FormField({ label, error, multiline = false, inputMode, hint, ...rest }: FormFieldProps) {
  return (
    <AriaTextField {...rest} className="field" isInvalid={error !== undefined}>
      <Label>{label}</Label>
      {multiline ? <TextArea rows={3} /> : <Input inputMode={inputMode} />}
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}
