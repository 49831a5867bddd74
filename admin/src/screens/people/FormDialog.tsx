import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useRedirect, useResourceContext, useTranslate } from 'react-admin';

/**
 * The add/edit modal of a resource (hr.md 2): the create and edit routes render the list with
 * this dialog over it, so the URL still names what is open and closing goes back to the list.
 */
export const FormDialog = ({ title, children }: { title: string; children: ReactNode }) => {
  const redirect = useRedirect();
  const resource = useResourceContext();
  const translate = useTranslate();
  const close = () => redirect('list', resource);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" scroll="paper" aria-labelledby="form-dialog-title">
      <DialogTitle id="form-dialog-title" sx={{ pr: 6, fontWeight: 700 }}>
        {title}
        <IconButton aria-label={translate('ra.action.close')} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {children}
      </DialogContent>
    </Dialog>
  );
};
