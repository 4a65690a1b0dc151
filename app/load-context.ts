declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The client's address as the HTTP server saw it (behind a loopback proxy: X-Forwarded-For). */
    clientAddress?: string;
  }
}

export {};
