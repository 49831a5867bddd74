import { useState } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { DialogFrame } from './DialogFrame';
import { useFormat } from '../../schema/format';
import { today } from './period';

type Payment = components['schemas']['BonusPaymentResponseDto'];

/** Mark Paid: the date the bonus was paid (today unless told otherwise); paid cannot be undone. */
export const MarkPaidDialog = ({
  payment,
  onClose,
  onConfirm,
}: {
  payment: Payment;
  onClose: () => void;
  /** resolves to a field error message, or null when done */
  onConfirm: (paidDate: string) => Promise<string | null>;
}) => {
  const translate = useTranslate();
  const format = useFormat();
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const problem = await onConfirm(date);
    setError(problem);
    setBusy(false);
  };

  return (
    <DialogFrame
      title={translate('kpi_bonus.bonuses.paid_title')}
      busy={busy}
      disabled={!date}
      submitLabel={translate('kpi_bonus.bonuses.mark_paid')}
      submitColor="success"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Typography>
          {payment.employee_name} · {format.money(payment.bonus_amount)}
        </Typography>
        <TextField
          autoFocus
          required
          type="date"
          label={translate('kpi_bonus.bonuses.paid_date')}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? translate('kpi_bonus.bonuses.paid_hint')}
          disabled={busy}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </DialogFrame>
  );
};
