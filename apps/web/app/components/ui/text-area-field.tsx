import type { ComponentProps, ReactNode } from "react";
import { FieldFrame } from "./field-frame.tsx";

type TextAreaFieldProps = Omit<ComponentProps<"textarea">, "id"> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
};

/** The multi-line sibling of TextField. */
export function TextAreaField({ id, label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => <textarea {...aria} className="field-input mt-1.5 min-h-40 resize-y" {...textarea} />}
    </FieldFrame>
  );
}
