/*
 * Loaded by the service worker (/sw.js, importScripts). Background Sync for the writes queued
 * offline (src/pwa/offlineQueue.ts): the worker holds no access token, so on a 'sync' event it asks
 * the open pages to send their queue and waits for their answer. When no page is open, or writes
 * are still waiting, the event fails and the browser tries again later; the page also sends the
 * queue itself when it starts and when the connection returns.
 */
const SYNC_TAG = 'hr-offline-queue';
const FLUSH_MESSAGE = 'FLUSH_OFFLINE_QUEUE';
const ANSWER_TIMEOUT_MS = 60000;

/** Resolves with the page's answer ({ remaining }) or null when it does not answer in time. */
function askToFlush(client) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    client.postMessage({ type: FLUSH_MESSAGE }, [channel.port2]);
  });
}

async function flushThroughPages() {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (pages.length === 0) throw new Error('No open page to send the queued changes');
  const answers = await Promise.all(pages.map(askToFlush));
  if (!answers.some((answer) => answer && answer.remaining === 0)) {
    throw new Error('Queued changes are still waiting');
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(flushThroughPages());
});
