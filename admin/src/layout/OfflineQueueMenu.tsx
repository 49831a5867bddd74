import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { formatMoment } from '../pwa/formatTime';
import {
  clearSent,
  discardWrite,
  flushQueue,
  onQueueEvent,
  retryWrite,
  useOfflineQueue,
  type QueuedWrite,
} from '../pwa/offlineQueue';
import { useOfflineStatus } from '../pwa/offlineStatus';

const STATUS_COLOR = { pending: 'warning', sending: 'info', sent: 'success', failed: 'error' } as const;

/** Toasts for queued writes sent or refused by the server; the screens' data is reloaded. */
const useQueueToasts = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onQueueEvent(({ item, outcome }) => {
        const args = { label: item.label, message: item.message ?? '' };
        if (outcome === 'failed') {
          notify(translate('offline.failed_toast', args), { type: 'error' });
          return;
        }
        notify(translate(item.message ? 'offline.sent_toast' : 'offline.sent_toast_plain', args), { type: 'success' });
        void queryClient.invalidateQueries();
      }),
    [notify, translate, queryClient],
  );
};

const QueueRow = ({ item, onDiscard }: { item: QueuedWrite; onDiscard: (item: QueuedWrite) => void }) => {
  const translate = useTranslate();
  return (
    <ListItem divider data-testid="queued-write" sx={{ display: 'block', px: 2, py: 1.25 }}>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Typography sx={{ fontWeight: 600 }}>{item.label}</Typography>
        <Chip size="small" color={STATUS_COLOR[item.status]} label={translate(`offline.status.${item.status}`)} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('offline.made_at', { time: formatMoment(item.created_at) })}
      </Typography>
      {item.message && (
        <Typography variant="body2" color={item.status === 'failed' ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
          {item.message}
        </Typography>
      )}
      {(item.status === 'failed' || item.status === 'pending') && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {item.status === 'failed' && (
            <Button size="small" variant="outlined" onClick={() => void retryWrite(item.id)} sx={{ minHeight: 40 }}>
              {translate('offline.retry')}
            </Button>
          )}
          <Button size="small" color="error" onClick={() => onDiscard(item)} sx={{ minHeight: 40 }}>
            {translate('offline.discard')}
          </Button>
        </Stack>
      )}
    </ListItem>
  );
};

/** Header badge and list of the writes made offline: waiting, sent, and refused with the server's reason. */
export const OfflineQueueMenu = () => {
  const translate = useTranslate();
  const items = useOfflineQueue();
  // re-rendered when the connection changes (Send now follows navigator.onLine)
  useOfflineStatus();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [discarding, setDiscarding] = useState<QueuedWrite | null>(null);
  const [sending, setSending] = useState(false);
  useQueueToasts();

  if (items.length === 0) return null;
  const waiting = items.filter((i) => i.status === 'pending' || i.status === 'sending').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  const label = translate('offline.queue_button', { count: waiting });

  const sendNow = async () => {
    setSending(true);
    try {
      await flushQueue();
    } finally {
      setSending(false);
    }
  };

  const confirmDiscard = async () => {
    if (discarding) await discardWrite(discarding.id);
    setDiscarding(null);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton ref={anchor} color="inherit" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <Badge badgeContent={waiting + failed} color={failed ? 'error' : 'warning'} max={99}>
            <CloudSyncIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': translate('offline.queue'), sx: { width: 360, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {translate('offline.queue')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            {/* a failed attempt marks the server unreachable; the user may still try whenever the device is online */}
            <Button size="small" variant="contained" disabled={!waiting || !navigator.onLine || sending} onClick={() => void sendNow()}>
              {translate('offline.send_now')}
            </Button>
            <Button size="small" disabled={!items.some((i) => i.status === 'sent')} onClick={() => void clearSent()}>
              {translate('offline.clear_sent')}
            </Button>
          </Stack>
        </Box>
        <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {items.map((item) => (
            <QueueRow key={item.id} item={item} onDiscard={setDiscarding} />
          ))}
        </List>
      </Popover>
      <Dialog open={!!discarding} onClose={() => setDiscarding(null)}>
        <DialogTitle>{translate('offline.discard_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {discarding &&
              translate('offline.discard_text', { label: discarding.label, time: formatMoment(discarding.created_at) })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDiscarding(null)}>{translate('offline.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDiscard()}>
            {translate('offline.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
