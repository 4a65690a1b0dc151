import { createContext, useContext } from "react";

/** The CSP nonce of this response, for the few inline scripts React and Remix emit. */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
