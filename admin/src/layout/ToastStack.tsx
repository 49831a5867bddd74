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

/** react-admin's "the form is not valid" notice: the fields already say what is wrong under themselves. */
const INVALID_FORM = 'ra.message.invalid_form';

/** Form fields a toast must not hide: the ones showing an error and the one being typed in. */
const fieldsToKeepVisible = (): DOMRect[] => {
  const fields = Array.from(document.querySelectorAll<HTMLElement>('[aria-invalid="true"], .Mui-error.MuiInputBase-root, .Mui-focused.MuiInputBase-root'));
  const active = document.activeElement;
  if (active instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) fields.push(active);
  return fields.map((field) => (field.closest('.MuiFormControl-root') ?? field).getBoundingClientRect()).filter((rect) => rect.width > 0 && rect.height > 0);
};

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where the stack goes: the top right as the spec places it, unless that covers a field with an
 * error or the field being typed in; then the bottom of the screen (on a phone, where the stack is
 * as wide as the screen, that is nearly always the case while a form is open).
 */
const useStackEdge = (stack: React.RefObject<HTMLDivElement | null>, count: number): 'top' | 'bottom' => {
  const [edge, setEdge] = useState<'top' | 'bottom'>('top');
  useLayoutEffect(() => {
    if (!count) {
      setEdge('top');
      return;
    }
    const place = () => {
      const box = stack.current;
      if (!box) return;
      const fields = fieldsToKeepVisible();
      if (!fields.length) return setEdge('top');
      const rects = Array.from(box.children).map((child) => child.getBoundingClientRect());
      const height = rects.reduce((sum, rect) => sum + rect.height + 8, 0);
      const width = box.getBoundingClientRect().width;
      const right = window.innerWidth - (window.innerWidth < 600 ? 8 : 16);
      const topArea = new DOMRect(right - width, 64, width, height);
      const bottomArea = new DOMRect(right - width, window.innerHeight - 16 - height, width, height);
      const coversTop = fields.some((field) => overlaps(field, topArea));
      const coversBottom = fields.some((field) => overlaps(field, bottomArea));
      setEdge(coversTop && !coversBottom ? 'bottom' : 'top');
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
    };
  }, [stack, count]);
  return edge;
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
    // "the form is not valid": each field already says so under itself ("Required"), so no toast
    // covers them; the first such field is brought into view and focused instead
    if (payload.message === INVALID_FORM) {
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (first) {
        first.scrollIntoView({ block: 'center' });
        first.focus({ preventScroll: true });
        return;
      }
    }
    const next = [...toastsRef.current, { key: nextKey.current++, payload, open: true }];
    const open = next.filter((t) => t.open);
    const overflow = new Set(open.slice(0, Math.max(0, open.length - MAX_VISIBLE)).map((t) => t.key));
    next.filter((t) => overflow.has(t.key)).forEach((t) => settle(t, false));
    update(next.map((t) => (overflow.has(t.key) ? { ...t, open: false } : t)));
  }, [notifications, takeNotification, settle, update]);
  const belowBanner = useTopBelowBanner(toasts.length > 0);
  const stack = useRef<HTMLDivElement>(null);
  const edge = useStackEdge(stack, toasts.filter((t) => t.open).length);

  return (
    <Box
      ref={stack}
      aria-live="polite"
      data-testid="toast-stack"
      data-edge={edge}
      sx={{
        position: 'fixed',
        // below the app bar (and the impersonation banner), so their buttons stay usable; at the
        // bottom while the top would cover a field with an error or the field being typed in
        ...(edge === 'bottom' ? { bottom: 16 } : { top: belowBanner ?? { xs: 64, sm: 60 } }),
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
