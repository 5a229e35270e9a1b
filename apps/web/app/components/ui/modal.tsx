import { type ReactNode, useEffect, useRef } from "react";

/**
 * A native modal <dialog>: the browser traps focus, Escape closes it, and focus returns to what opened it. The
 * title labels it for screen readers.
 */
export function Modal({
  id,
  title,
  onClose,
  children,
  wide = false,
}: {
  id: string;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-5xl" : "max-w-lg"} rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50`}
    >
      <div className="p-5 sm:p-7">
        <h2 id={`${id}-title`} className="pr-10 text-xl font-semibold break-words">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
