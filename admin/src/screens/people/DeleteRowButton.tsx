import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Confirm, useNotify, useRefresh, useResourceContext, type Identifier } from 'react-admin';
import { api, errorMessage } from '../../providers/httpClient';

interface Props {
  id: Identifier;
  label: string;
  confirmTitle: string;
  confirmContent: string;
  successMessage: string;
  failureMessage: string;
}

/**
 * Delete after a confirmation (hr.md 5). The toast shows the server's message, which says whether
 * the record was removed or, for an employee with history, terminated.
 */
export const DeleteRowButton = ({ id, label, confirmTitle, confirmContent, successMessage, failureMessage }: Props) => {
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const { message } = await api.delete(`/${resource}/${encodeURIComponent(id)}`);
      notify(message ?? successMessage, { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, failureMessage), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          size="small"
          color="error"
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={confirmTitle}
        content={confirmContent}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
