import { useEffect, useRef, useState } from "react";
import type { NotificationView } from "~/models/notification-inbox.server";

/** The connection's state as the bell shows it (spec section 4, Real-time connection). */
export type HubStatus = "Connecting" | "Connected" | "Reconnecting" | "Disconnected";

/** Spec section 9: reconnect after 0, 2, 10 and 30 s; after that it keeps trying every 30 s. */
export const RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];

export interface HubHandlers {
  onNotification: (notification: NotificationView) => void;
  onUnread: (count: number) => void;
}

/**
 * The browser's end of the notification hub: a WebSocket to /hubs/notifications (the session
 * cookie goes along; same origin), reconnecting on the spec's delays. Every (re)connection asks
 * for what came after the newest notification seen, so nothing missed while away is lost.
 * Kept rather than partysocket: its geometric back-off cannot give the spec's delays, and it
 * cannot tell "Reconnecting" from "Disconnected".
 */
export function useNotificationHub(enabled: boolean, afterSeq: number, handlers: HubHandlers): HubStatus {
  const [status, setStatus] = useState<HubStatus>("Connecting");
  const lastSeq = useRef(afterSeq);
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const connect = () => {
      timer = undefined;
      const url = new URL("/hubs/notifications", window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      url.searchParams.set("afterSeq", String(lastSeq.current));
      const ws = (socket = new WebSocket(url));
      ws.onopen = () => {
        failures = 0;
        setStatus("Connected");
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as
          { type: "notification"; notification: NotificationView } | { type: "unread"; count: number };
        if (message.type === "notification") {
          lastSeq.current = Math.max(lastSeq.current, message.notification.seq);
          current.current.onNotification(message.notification);
        } else if (message.type === "unread") {
          current.current.onUnread(message.count);
        }
      };
      ws.onclose = () => {
        if (stopped || socket !== ws) return;
        socket = null;
        const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
        // Reconnecting through the spec's delays; past them the connection counts as lost.
        setStatus(failures < RECONNECT_DELAYS_MS.length ? "Reconnecting" : "Disconnected");
        failures += 1;
        timer = setTimeout(connect, delay);
      };
    };
    // Back online: try now rather than wait out the delay.
    const onOnline = () => {
      if (socket || timer === undefined) return;
      clearTimeout(timer);
      connect();
    };

    // Leaving the page closes the socket: that is not a lost connection to win back (and the
    // session it would reconnect with may be gone, as after signing out).
    const onPageHide = () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Back from the browser's page cache: connect again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !stopped) return;
      stopped = false;
      connect();
    };

    setStatus("Connecting");
    connect();
    window.addEventListener("online", onOnline);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      // Closing a socket that is still connecting makes the browser log an error: close it once open.
      if (socket?.readyState === WebSocket.CONNECTING) socket.onopen = () => socket?.close();
      else socket?.close();
    };
  }, [enabled]);

  return status;
}
