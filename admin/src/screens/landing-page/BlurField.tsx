import { useEffect, useRef, useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';

export interface BlurFieldProps {
  label: string;
  /** the saved value */
  value: string | number | null | undefined;
  /** saves the typed text; resolves to an error message to show under the field, or null when saved */
  onSave: (text: string) => Promise<string | null>;
  /** the server's rules checked before saving: the message of the first one broken, or null */
  validate?: (text: string) => string | null;
  type?: 'text' | 'number' | 'email' | 'url';
  multiline?: boolean;
  helperText?: string;
  required?: boolean;
  name?: string;
  sx?: TextFieldProps['sx'];
}

const asText = (value: BlurFieldProps['value']) => (value === null || value === undefined ? '' : String(value));

/** A text field that saves itself when it loses focus, if its text changed. */
export function BlurField({ label, value, onSave, validate, type = 'text', multiline, helperText, required, name, sx }: BlurFieldProps) {
  const [text, setText] = useState(asText(value));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focused = useRef(false);
  const saved = useRef(asText(value));

  // a new saved value (another save, a reload) shows unless the user is typing here
  useEffect(() => {
    saved.current = asText(value);
    if (!focused.current) setText(asText(value));
  }, [value]);

  const save = async () => {
    focused.current = false;
    if (text === saved.current) return;
    const broken = validate?.(text) ?? null;
    setError(broken);
    if (broken) return;
    setSaving(true);
    const problem = await onSave(text);
    setSaving(false);
    setError(problem);
    if (!problem) saved.current = text;
  };

  return (
    <TextField
      label={label}
      name={name}
      value={text}
      type={type === 'number' ? 'number' : type === 'email' ? 'email' : 'text'}
      slotProps={{ htmlInput: { inputMode: type === 'url' ? 'url' : undefined } }}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      required={required}
      fullWidth
      size="small"
      disabled={saving}
      error={!!error}
      helperText={error ?? helperText}
      onFocus={() => (focused.current = true)}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void save()}
      sx={sx}
    />
  );
}
