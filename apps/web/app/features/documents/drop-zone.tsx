import { useId, useRef, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";

/** Drag files here or choose them: many at once. The real control is the labelled file input (keyboard, screen readers). */
export function DropZone({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target mirrors the file input, which is the accessible control
    <div
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (disabled) return;
        const files = [...event.dataTransfer.files];
        if (files.length) onFiles(files);
      }}
      className={`flex flex-col items-center rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:py-10 ${
        over ? "border-accent bg-accent-soft" : "border-line-strong bg-surface"
      }`}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon name="file" className="size-6" />
      </span>
      <p className="mt-3 font-semibold">Drop documents here to add them</p>
      <p className="mt-1 max-w-md text-[0.9375rem] text-ink-muted">
        They are encrypted in this browser before upload. Any type and size.
      </p>
      <label
        htmlFor={id}
        className="btn-primary mt-5 cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent has-[:disabled]:opacity-60"
      >
        Choose files
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          disabled={disabled}
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (files.length) onFiles(files);
          }}
        />
      </label>
    </div>
  );
}
