import type { ComponentProps } from "react";
import { ConfirmDialog as Confirm } from "#app/components/ui/confirm-dialog.tsx";
import { describeError } from "./wrap-queue.ts";

/** The plans page's confirm step: errors in the queue's words. */
export function ConfirmDialog(props: Omit<ComponentProps<typeof Confirm>, "describeError">) {
  return <Confirm {...props} describeError={describeError} />;
}
