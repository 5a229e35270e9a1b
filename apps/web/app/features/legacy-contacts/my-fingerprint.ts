import { useQuery } from "@tanstack/react-query";
import { fingerprintOf, openOwnerKeys } from "./contact-keys.ts";

/**
 * The six words of this account's own public key, from the keys this tab unlocked (which the unlock checked against
 * the private key): what a contact reads to the person who named them.
 */
export function useMyFingerprint(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ["legacy-my-fingerprint"],
    queryFn: async () => fingerprintOf((await openOwnerKeys()).account.publicKeyPem),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
