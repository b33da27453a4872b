import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'> {
  label: string;
  hint?: string;
  placeholder?: string;
}

/** Labelled text input with a hint and its validation error (react-aria TextField). */
export function TextField({ label, hint, placeholder, ...rest }: TextFieldProps) {
  return (
    <AriaTextField {...rest} className="field">
      <Label>{label}</Label>
      <Input placeholder={placeholder} />
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="field-error" />
    </AriaTextField>
  );
}
