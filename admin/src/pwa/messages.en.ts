/** Texts of the installable app: install prompt, offline state and the queue of offline changes. */
export const pwaMessages = {
  install_prompt: {
    title: 'Install ERP App',
    text: 'Install the HR Platform app on this device for quick access, even offline.',
    install: 'Install',
    later: 'Maybe later',
    close: 'Close',
  },
  offline: {
    title: 'Offline — last updated %{time}',
    title_no_data: 'Offline — no saved data on this device yet',
    text: 'You see the data saved on this device. Check-ins, check-outs and leave requests are kept and sent when the connection returns.',
    queue: 'Changes made offline',
    queue_button: 'Changes made offline: %{count} waiting',
    send_now: 'Send now',
    clear_sent: 'Clear sent',
    retry: 'Try again',
    discard: 'Discard',
    discard_title: 'Discard this change?',
    discard_text: '"%{label}" made on %{time} will not be sent to the server.',
    cancel: 'Cancel',
    made_at: 'Made %{time}',
    status: {
      pending: 'Waiting for the connection',
      sending: 'Sending…',
      sent: 'Sent',
      failed: 'Not accepted',
    },
    // the server's own words ("Check-in successful!"); the queue's list says it was made offline
    sent_toast: '%{message}',
    sent_toast_plain: '%{label} sent',
    failed_toast: '%{label} was not accepted: %{message}',
  },
};
