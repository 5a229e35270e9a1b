import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce during server rendering; undefined in the browser, where no inline script is added. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
