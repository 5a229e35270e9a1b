import { useState } from "react";
import { useForm } from "react-hook-form";
import { Modal } from "#app/components/ui/modal.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { DocumentEntry } from "./documents.ts";
import { documentNameSchema, labelsTextSchema } from "./names.ts";
import { describeStorageError } from "./storage-error.ts";

/** Delete with confirmation: says exactly what goes, and that it cannot be undone. */
export function DeleteDialog({
  entry,
  onConfirm,
  onClose,
}: {
  entry: DocumentEntry;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = entry.name || "this unfinished upload";
  return (
    <Modal id="delete" title="Delete this document?" onClose={busy ? () => {} : onClose}>
      <p className="leading-relaxed">
        <span className="font-semibold wrap-anywhere">{label}</span> and its encrypted copy on our servers
        will be deleted. This cannot be undone.
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          Keep it
        </button>
        <button
          type="button"
          disabled={busy}
          className="btn-primary bg-danger hover:bg-danger disabled:hover:bg-danger"
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
              onClose();
            } catch (failure) {
              setError(`${describeStorageError(failure)} The document was not fully deleted; try again.`);
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? "Deleting…" : "Delete document"}
        </button>
      </div>
    </Modal>
  );
}

/** Rename and label a document. Only what changed is written: a new name re-encrypts just the header. */
export function EditDialog({
  entry,
  onRename,
  onLabels,
  onClose,
}: {
  entry: DocumentEntry;
  onRename: (name: string) => Promise<void>;
  onLabels: (labels: readonly string[]) => Promise<void>;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string; labels: string }>({
    defaultValues: { name: entry.name, labels: entry.labels.join(", ") },
    mode: "onTouched",
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const name = documentNameSchema.parse(values.name);
    const labels = labelsTextSchema.parse(values.labels);
    try {
      if (name !== entry.name) await onRename(name);
      if (labels.join("\u0000") !== entry.labels.join("\u0000")) await onLabels(labels);
      onClose();
    } catch (error) {
      setFailure(`${describeStorageError(error)} Your changes were not saved.`);
    }
  });
  return (
    <Modal id="edit" title="Name and labels" onClose={isSubmitting ? () => {} : onClose}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={isSubmitting}>
        {failure ? (
          <p role="alert" className="text-danger">
            {failure}
          </p>
        ) : null}
        <fieldset disabled={isSubmitting} className="space-y-5">
          <TextField
            id="edit-name"
            label="Name"
            autoComplete="off"
            error={errors.name?.message}
            {...register("name", {
              validate: (v) => {
                const parsed = documentNameSchema.safeParse(v);
                return parsed.success || (parsed.error.issues[0]?.message ?? "Enter a name.");
              },
            })}
          />
          <TextField
            id="edit-labels"
            label="Labels"
            autoComplete="off"
            hint="Separate labels with commas, for example: Will, House. Your legacy plan can pass on every document with a label."
            error={errors.labels?.message}
            {...register("labels", {
              validate: (v) => {
                const parsed = labelsTextSchema.safeParse(v);
                return parsed.success || (parsed.error.issues[0]?.message ?? "Check the labels.");
              },
            })}
          />
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
