import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';

export type FormValues = Record<string, string | boolean>;
export type FormErrors = Record<string, string | undefined>;

export interface FieldSpec {
  name: string;
  /** i18n key */
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'number' | 'select' | 'multiline' | 'switch' | 'datetime-local';
  required?: boolean;
  disabled?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** number inputs */
  min?: number;
  step?: number | string;
  /** i18n key of a hint under the field */
  hint?: string;
  autoComplete?: string;
  /** takes the whole row (default: half a row from the sm breakpoint) */
  wide?: boolean;
}

interface FormDialogProps {
  open: boolean;
  title: string;
  fields: FieldSpec[];
  values: FormValues;
  errors: FormErrors;
  submitting: boolean;
  /** i18n key of the submit button */
  submitLabel: string;
  /** a message above the fields (the server's, when it names no field) */
  alert?: string | null;
  children?: ReactNode;
  onChange: (name: string, value: string | boolean) => void;
  onSubmit: () => void;
  onClose: () => void;
}

/** A dialog with a form of plain fields (shared by the companies and packages screens), field errors under each field (the server's too). */
export const FormDialog = ({
  open,
  title,
  fields,
  values,
  errors,
  submitting,
  submitLabel,
  alert,
  children,
  onChange,
  onSubmit,
  onClose,
}: FormDialogProps) => {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  const render = (field: FieldSpec) => {
    const label = translate(field.label);
    const common = {
      name: field.name,
      label,
      required: field.required,
      disabled: field.disabled || submitting,
      error: !!errors[field.name],
      helperText: errors[field.name] ?? (field.hint ? translate(field.hint) : undefined),
      fullWidth: true,
      size: 'small' as const,
    };
    if (field.type === 'switch') {
      return (
        <FormControlLabel
          control={
            <Switch
              name={field.name}
              checked={values[field.name] === true}
              onChange={(e) => onChange(field.name, e.target.checked)}
              disabled={common.disabled}
            />
          }
          label={label}
        />
      );
    }
    if (field.type === 'select') {
      return (
        <TextField
          {...common}
          select
          value={String(values[field.name] ?? '')}
          onChange={(e) => onChange(field.name, e.target.value)}
          // an option of value '' (none / the default) is shown like the others
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {(field.options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        {...common}
        type={field.type === 'multiline' ? 'text' : (field.type ?? 'text')}
        multiline={field.type === 'multiline'}
        minRows={field.type === 'multiline' ? 2 : undefined}
        autoComplete={field.autoComplete}
        value={String(values[field.name] ?? '')}
        onChange={(e) => onChange(field.name, e.target.value)}
        slotProps={{
          htmlInput: field.type === 'number' ? { min: field.min, step: field.step ?? 1 } : undefined,
          inputLabel: field.type === 'datetime-local' ? { shrink: true } : undefined,
        }}
      />
    );
  };

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {alert && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {alert}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            {fields.map((field) => (
              <Box key={field.name} sx={{ gridColumn: field.wide || field.type === 'multiline' ? '1 / -1' : undefined }}>
                {render(field)}
              </Box>
            ))}
          </Box>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={submitting}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

/** The server's `errors: [{ field, message }]` as form errors (only for fields of the form). */
export const toFormErrors = (list: Array<{ field: string; message: string }>, fields: FieldSpec[]): FormErrors => {
  const names = new Set(fields.map((f) => f.name));
  const found: FormErrors = {};
  for (const { field, message } of list) if (names.has(field) && !found[field]) found[field] = message;
  return found;
};

/** The state of a form dialog: values, field errors, a general error, and whether it is sending. */
export const useFormState = (initial: () => FormValues) => {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const onChange = useCallback((name: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }, []);
  const reset = useCallback((next: FormValues) => {
    setValues(next);
    setErrors({});
    setAlert(null);
    setSubmitting(false);
  }, []);
  return { values, errors, setErrors, alert, setAlert, submitting, setSubmitting, onChange, reset };
};

export const text = (values: FormValues, name: string) => String(values[name] ?? '').trim();
