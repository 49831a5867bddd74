import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Slide } from '@mui/material';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';

/** spec 9: top-right, auto-close after 4 s, at most 3 at once */
const AUTO_HIDE_MS = 4000;
const MAX_VISIBLE = 3;

interface Toast {
  key: number;
  payload: NotificationPayload;
  open: boolean;
}

type Severity = 'success' | 'info' | 'warning' | 'error';

const severityOf = (type: string | undefined): Severity =>
  type === 'success' || type === 'warning' || type === 'error' ? type : 'info';

/** Where the stack starts: below the impersonation banner while it is on screen (so 'Exit Impersonation' stays usable), else below the app bar. */
const useTopBelowBanner = (active: boolean): number | null => {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const rect = document.querySelector('[data-testid="impersonation-banner"]')?.getBoundingClientRect();
      setTop(rect && rect.bottom > 56 ? Math.round(rect.bottom) + 8 : null);
    };
    measure();
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return active ? top : null;
};

/**
 * react-admin's `notification` component: every `useNotify()` call becomes a toast in a stack at
 * the top right. Undoable notifications (react-admin's undoable mutations) commit when they close
 * and roll back on Undo, as react-admin's own <Notification> does.
 */
export const ToastStack = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [toasts, setToasts] = useState<Toast[]>([]);
  // mirror of the state, so side effects (committing undoable mutations) stay out of state updaters
  const toastsRef = useRef<Toast[]>([]);
  const nextKey = useRef(0);
  const lastTaken = useRef<NotificationPayload | null>(null);

  const update = useCallback((next: Toast[]) => {
    toastsRef.current = next;
    setToasts(next);
  }, []);

  const settle = useCallback(
    (toast: Toast, isUndo: boolean) => {
      if (toast.payload.notificationOptions?.undoable) takeMutation()?.({ isUndo });
    },
    [takeMutation],
  );

  const close = useCallback(
    (key: number, isUndo = false) => {
      const toast = toastsRef.current.find((t) => t.key === key);
      if (!toast || !toast.open) return;
      settle(toast, isUndo);
      update(toastsRef.current.map((t) => (t.key === key ? { ...t, open: false } : t)));
    },
    [settle, update],
  );

  const remove = useCallback(
    (key: number) => update(toastsRef.current.filter((t) => t.key !== key)),
    [update],
  );

  // move the next queued notification into the stack (takeNotification pops one per render of the
  // queue, so this runs again while the queue is not empty); the oldest close beyond MAX_VISIBLE
  useEffect(() => {
    if (!notifications.length) return;
    const payload = takeNotification();
    // StrictMode runs effects twice with the same queue: take each notification once
    if (!payload || payload === lastTaken.current) return;
    lastTaken.current = payload;
    const next = [...toastsRef.current, { key: nextKey.current++, payload, open: true }];
    const open = next.filter((t) => t.open);
    const overflow = new Set(open.slice(0, Math.max(0, open.length - MAX_VISIBLE)).map((t) => t.key));
    next.filter((t) => overflow.has(t.key)).forEach((t) => settle(t, false));
    update(next.map((t) => (overflow.has(t.key) ? { ...t, open: false } : t)));
  }, [notifications, takeNotification, settle, update]);
  const belowBanner = useTopBelowBanner(toasts.length > 0);

  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        // below the app bar (and the impersonation banner), so their buttons stay usable
        top: belowBanner ?? { xs: 64, sm: 60 },
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem
          key={toast.key}
          toast={toast}
          translate={translate}
          onClose={(isUndo) => close(toast.key, isUndo)}
          onExited={() => remove(toast.key)}
        />
      ))}
    </Box>
  );
};

interface ToastItemProps {
  toast: Toast;
  translate: ReturnType<typeof useTranslate>;
  onClose: (isUndo?: boolean) => void;
  onExited: () => void;
}

const ToastItem = ({ toast, translate, onClose, onExited }: ToastItemProps) => {
  const { message, type, notificationOptions = {} } = toast.payload;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  // as react-admin: undefined → default duration, null or 0 → stays until closed
  const duration = autoHideDuration === undefined ? AUTO_HIDE_MS : autoHideDuration || null;

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!toast.open || duration === null) return;
    const timer = setTimeout(() => onCloseRef.current(false), duration);
    return () => clearTimeout(timer);
  }, [toast.open, duration]);

  const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;

  return (
    <CloseNotificationContext.Provider value={() => onClose(false)}>
      <Slide direction="left" in={toast.open} appear mountOnEnter unmountOnExit onExited={onExited}>
        <Alert
          variant="filled"
          severity={severityOf(type)}
          onClose={() => onClose(false)}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={() => onClose(true)}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
          sx={{
            pointerEvents: 'auto',
            width: { xs: '100%', sm: 360 },
            maxWidth: '100%',
            boxShadow: 3,
            alignItems: 'center',
            whiteSpace: 'pre-wrap',
          }}
        >
          {text}
        </Alert>
      </Slide>
    </CloseNotificationContext.Provider>
  );
};
