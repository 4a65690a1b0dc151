declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
  }
}

export {};
