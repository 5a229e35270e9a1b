// What a plan keeps sealed under the owner's account key (docs/file-format.md 11.3: the web app decides the members):
// its name, the labels whose later documents join it by themselves, and the documents the owner took out of it even
// though they carry one of those labels (so the label rule does not put them back).

export interface PlanDetailsContent {
  readonly name: string;
  /** "Include documents added later under this label": each label here pulls in matching documents as they appear. */
  readonly labels: readonly string[];
  /** Documents removed by hand that a label rule would otherwise add again. */
  readonly excludedIds: readonly string[];
}

export const PLAN_NAME_MAX_LENGTH = 100;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === "string"))] : [];

/** Reads opened details tolerantly: a member of the wrong type reads as empty, never as a broken page. */
export function parsePlanDetails(value: { readonly [key: string]: unknown }): PlanDetailsContent {
  return {
    name: typeof value.name === "string" ? value.name : "",
    labels: strings(value.labels),
    excludedIds: strings(value.excludedIds),
  };
}

/** The object that is sealed: members in a fixed order, duplicates dropped. */
export function planDetailsObject(details: PlanDetailsContent): { [key: string]: unknown } {
  return {
    name: details.name,
    labels: [...new Set(details.labels)],
    excludedIds: [...new Set(details.excludedIds)],
  };
}

/** A plan's name as shown, with a stand-in for a plan whose details could not be opened. */
export const planTitle = (details: PlanDetailsContent | null | undefined) =>
  details === null ? "A plan whose name could not be read" : details?.name || "Untitled plan";
