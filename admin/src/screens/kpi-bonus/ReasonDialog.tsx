import { useState } from 'react';
import { Alert, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { DialogFrame } from './DialogFrame';
import { useFormat } from '../../schema/format';

type Payment = components['schemas']['BonusPaymentResponseDto'];

/** Reject or Cancel a bonus: says that it cannot be undone and takes an optional reason. */
export const ReasonDialog = ({
  payment,
  action,
  onClose,
  onConfirm,
}: {
  payment: Payment;
  action: 'reject' | 'cancel';
  onClose: () => void;
  /** resolves to a field error message, or null when done */
  onConfirm: (reason: string | null) => Promise<string | null>;
}) => {
  const translate = useTranslate();
  const format = useFormat();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const problem = await onConfirm(reason.trim() || null);
    setError(problem);
    setBusy(false);
  };

  return (
    <DialogFrame
      title={translate(action === 'reject' ? 'kpi_bonus.bonuses.reject_title' : 'kpi_bonus.bonuses.cancel_title')}
      busy={busy}
      submitLabel={translate(action === 'reject' ? 'kpi_bonus.bonuses.reject' : 'kpi_bonus.bonuses.cancel_payment')}
      submitColor="error"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Alert severity="warning">
          {translate('kpi_bonus.bonuses.final_warning', { amount: format.money(payment.bonus_amount), name: payment.employee_name })}
        </Alert>
        <TextField
          autoFocus
          multiline
          minRows={2}
          label={translate('kpi_bonus.bonuses.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </Stack>
    </DialogFrame>
  );
};
