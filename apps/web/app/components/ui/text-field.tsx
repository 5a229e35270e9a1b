import type { ComponentProps, ReactNode } from "react";
import { FieldFrame } from "./field-frame.tsx";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Extra content on the label's line, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
};

/** A labelled input; works with react-hook-form's `register()` because the ref is passed through. */
export function TextField({ id, label, hint, error, labelAside, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} labelAside={labelAside} className={className}>
      {(aria) => <input {...aria} className="field-input mt-1.5" {...input} />}
    </FieldFrame>
  );
}
