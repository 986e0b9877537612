import { createContext, useContext } from "react";

// The CSP nonce of the server render; empty in the browser, which hides nonces from scripts anyway.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
