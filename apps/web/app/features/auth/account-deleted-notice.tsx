import { useSearchParams } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Notice } from "#app/components/ui/notice.tsx";

/** The home page after an account deletion (/?accountDeleted=true): says plainly that it happened and what went. */
export function AccountDeletedNotice() {
  const [params] = useSearchParams();
  if (params.get("accountDeleted") !== "true") return null;
  return (
    <Container className="pt-6">
      <div role="status">
        <Notice tone="success" title="Your account has been deleted">
          Your vault, your documents and your keys have been removed from Heirloom, and you have been signed
          out. This cannot be undone.
        </Notice>
      </div>
    </Container>
  );
}
