import { z } from "zod";
import { sealedBlobPattern } from "./account.ts";
import { fingerprintHexSchema } from "./legacy.ts";

// Legacy plans (ARCHITECTURE.md "Legacy model"): what goes to whom, and when. A plan is a set of items (documents
// today; passwords and service accounts join through the same item model), a set of recipients (the owner's legacy
// contacts), a letter per recipient and a trigger. The server sees ids, trigger settings and dates; the plan's name
// and label rules arrive sealed under the owner's account key (`details`), letters sealed under their own DEK, and
// every item key wrapped to a recipient's public key in the owner's browser. The server serves a recipient the wraps
// of a plan only once that plan is released to them, and can never open them.

export const legacyPlanRules = {
  maxPlans: 50,
  maxItemsPerPlan: 1_000,
  maxRecipientsPerPlan: 20,
  /** Wraps sent in one request (one recipient's share of a plan). */
  maxWrapsPerRequest: 1_001,
  /** A sealed letter: 100,000 characters of text, sealed and base64-encoded, fits comfortably. */
  letterMaxLength: 600_000,
  statementMaxLength: 200_000,
  drillLifetimeDays: 7,
  graceDays: [7, 14, 30],
  waitingDays: [1, 2, 7, 14, 30, 90],
  timeLimitDays: { min: 7, max: 365 },
} as const;

export const legacyPlanMessages = {
  planNotFound: "This plan does not exist, or is not yours.",
  planExists: "A plan with this id exists already. Reload the page and try again.",
  tooManyPlans: `You can have up to ${legacyPlanRules.maxPlans} plans. Delete one before making another.`,
  tooManyItems: `A plan can hold up to ${legacyPlanRules.maxItemsPerPlan} items.`,
  tooManyRecipients: `A plan can have up to ${legacyPlanRules.maxRecipientsPerPlan} recipients.`,
  documentNotFound: "One of these documents does not exist in your vault. Reload the page and try again.",
  itemNotInPlan: "This item is not part of the plan. Reload the page and try again.",
  recipientNotInPlan: "This person is not a recipient of the plan. Reload the page and try again.",
  contactNotLive:
    "Only a person who has accepted your invitation (or is still invited) can be added to a plan.",
  notConfirmed:
    "Confirm this contact's key before anything is shared with them: compare their six words on your legacy contacts page.",
  keyMismatch:
    "This contact's key is not the one you confirmed. Confirm their key again on your legacy contacts page before anything is shared with them.",
  staleVersion: "The plan changed in another tab or device. Reload the page and try again.",
  statementMismatch:
    "The signed plan statement does not list exactly this plan's items for this recipient. Reload the page and try again.",
  statementInvalid: "Expected a signed plan statement made in your browser.",
  wrapInvalid: "Expected an item key wrapped in your browser (v1.base64).",
  detailsInvalid:
    "The plan's name must be sealed in your browser before it is sent. Reload the page and try again.",
  letterInvalid:
    "The letter must be sealed in your browser before it is sent. Reload the page and try again.",
  trusteesInvalid:
    "Trustees must be your legacy contacts, and the number needed at most the number of trustees.",
  shareNotFound: "Nothing has been shared with you under this link, or it is no longer shared.",
  drillExpired: "This drill has expired.",
} as const;

export const legacyItemKinds = ["document"] as const;
export type LegacyItemKind = (typeof legacyItemKinds)[number];
/** What can be wrapped to a recipient: the plan's items, and the recipient's letter. */
export const legacyWrapKinds = ["document", "letter"] as const;
export type LegacyWrapKind = (typeof legacyWrapKinds)[number];

const uuid = () => z.uuid();
const sealed = (max: number, message: string) =>
  z.string().max(max, message).regex(sealedBlobPattern, message);
/** An item DEK wrapped to a recipient's public key (file-format section 7): "v1." and 684 base64 characters. */
export const recipientWrapSchema = z
  .string()
  .regex(/^v1\.[A-Za-z0-9+/]{680,684}={0,2}$/, legacyPlanMessages.wrapInvalid);

export const legacyTriggerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("shareNow") }).strict(),
  z
    .object({
      kind: z.literal("missedCheckIn"),
      graceDays: z.union(legacyPlanRules.graceDays.map((d) => z.literal(d))),
      /** The triggers combine: a recipient may also ask, with this waiting period (absent: they may not). */
      requestWaitingDays: z.union(legacyPlanRules.waitingDays.map((d) => z.literal(d))).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("request"),
      waitingDays: z.union(legacyPlanRules.waitingDays.map((d) => z.literal(d))),
    })
    .strict(),
]);
export type LegacyTrigger = z.infer<typeof legacyTriggerSchema>;

export const legacyPlanSettingsSchema = z
  .object({
    trigger: legacyTriggerSchema,
    /** k of n: release waits until `required` of these contacts confirm (the release engine). */
    trustees: z
      .object({
        contactIds: z.array(uuid()).max(legacyPlanRules.maxRecipientsPerPlan),
        required: z.int().min(1),
      })
      .strict()
      .refine(
        (t) => t.required <= t.contactIds.length && new Set(t.contactIds).size === t.contactIds.length,
        {
          message: legacyPlanMessages.trusteesInvalid,
        },
      )
      .nullable(),
    /** Access ends this many days after a release (incapacity); null: access does not end. */
    timeLimitDays: z
      .int()
      .min(legacyPlanRules.timeLimitDays.min)
      .max(legacyPlanRules.timeLimitDays.max)
      .nullable(),
  })
  .strict();
export type LegacyPlanSettings = z.infer<typeof legacyPlanSettingsSchema>;

export const legacyPlanCreateSchema = z
  .object({
    /** Made in the browser, so the sealed details can be bound to it. */
    id: uuid(),
    /** The plan's name and label rules, sealed under the owner's account key (purpose legacy/plan-details). */
    details: sealed(100_000, legacyPlanMessages.detailsInvalid),
    settings: legacyPlanSettingsSchema,
  })
  .strict();
export type LegacyPlanCreate = z.input<typeof legacyPlanCreateSchema>;

export const legacyPlanUpdateSchema = z
  .object({
    details: legacyPlanCreateSchema.shape.details.optional(),
    settings: legacyPlanSettingsSchema.optional(),
  })
  .strict();

export const legacyPlanParamsSchema = z.object({ id: uuid() });
export const legacyPlanRecipientParamsSchema = z.object({ id: uuid(), contactId: uuid() });
export const legacyPlanItemParamsSchema = z.object({
  id: uuid(),
  kind: z.enum(legacyItemKinds),
  itemId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
});

export const legacyItemRefSchema = z
  .object({ kind: z.enum(legacyItemKinds), id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) })
  .strict();
export const legacyPlanItemsAddSchema = z
  .object({ items: z.array(legacyItemRefSchema).min(1).max(legacyPlanRules.maxItemsPerPlan) })
  .strict();

export const legacyPlanRecipientAddSchema = z.object({ contactId: uuid() }).strict();

/** A letter to one recipient: its own DEK, the text sealed under it, the DEK sealed for the owner. */
export const legacyLetterSchema = z
  .object({
    id: uuid(),
    /** The text sealed under the letter's DEK (purpose legacy/letter). */
    sealed: sealed(legacyPlanRules.letterMaxLength, legacyPlanMessages.letterInvalid),
    /** The letter's DEK for the owner: wrapDekForOwner under the account key, item id = letter id. */
    ownerDek: sealed(1_024, legacyPlanMessages.letterInvalid),
  })
  .strict();
export type LegacyLetter = z.infer<typeof legacyLetterSchema>;

/** A signed plan statement (docs/file-format.md): the JSON the owner signed, and its Ed25519 signature. */
export const signedPlanStatementSchema = z
  .object({
    statement: z.string().min(2).max(legacyPlanRules.statementMaxLength, legacyPlanMessages.statementInvalid),
    signatureB64: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, legacyPlanMessages.statementInvalid),
  })
  .strict();
export type SignedPlanStatementWire = z.infer<typeof signedPlanStatementSchema>;

/**
 * One recipient's share of a plan, from the owner's browser: new wraps (to the key the owner confirmed) and the
 * statement signed for exactly the items that will then be wrapped. `version` must be the plan's current version.
 */
export const legacyWrapsUploadSchema = z
  .object({
    version: z.int().min(1),
    keyFingerprint: fingerprintHexSchema,
    wraps: z
      .array(
        z
          .object({
            kind: z.enum(legacyWrapKinds),
            id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
            wrappedDek: recipientWrapSchema,
          })
          .strict(),
      )
      .max(legacyPlanRules.maxWrapsPerRequest),
    statement: signedPlanStatementSchema,
  })
  .strict();
export type LegacyWrapsUpload = z.input<typeof legacyWrapsUploadSchema>;

export const legacyDrillCreateSchema = z
  .object({
    id: uuid(),
    contactId: uuid(),
    keyFingerprint: fingerprintHexSchema,
    /** The dummy document's text sealed under its own DEK (purpose legacy/drill). */
    sealed: sealed(20_000, legacyPlanMessages.letterInvalid),
    wrappedDek: recipientWrapSchema,
    statement: signedPlanStatementSchema,
  })
  .strict();
export type LegacyDrillCreate = z.input<typeof legacyDrillCreateSchema>;

export const legacyPlanStates = ["active", "released"] as const;

/** Where a plan's trigger is (the release engine; docs/architecture.md section 10). */
export const legacyPlanPhases = [
  "active",
  "reminding",
  "grace",
  "requested",
  "awaitingTrustees",
  "released",
] as const;
export type LegacyPlanPhase = (typeof legacyPlanPhases)[number];

/** One move of a plan (or a trustee's answer), as its history lists it. */
export const legacyPlanEventSchema = z.object({
  at: z.string(),
  from: z.enum(legacyPlanPhases),
  to: z.enum(legacyPlanPhases),
  /** remindersStarted, deadlineMissed, graceEnded, requested, waitingEnded, trusteeYes, trusteeNo,
   * trusteesConfirmed, timeLimitEnded, checkedIn, refused, settingsChanged, sharedNow. */
  reason: z.string(),
  /** The contact whose action it was (a request, a trustee's answer), if any; never shown to a recipient. */
  contactId: z.string().nullable(),
});

const wrapRefSchema = z.object({ kind: z.enum(legacyWrapKinds), id: z.string(), keyFingerprint: z.string() });

export const legacyPlanRecipientSchema = z.object({
  contactId: z.string(),
  addedAt: z.string(),
  letter: legacyLetterSchema.extend({ updatedAt: z.string() }).nullable(),
  /** What is wrapped to this recipient now, and to which key. */
  wraps: z.array(wrapRefSchema),
  /** The last statement signed for this recipient; stale when its version is below the plan's. */
  statement: z
    .object({
      version: z.int(),
      keyFingerprint: z.string(),
      signedAt: z.string(),
      /** The items it lists with their digests, so the owner's browser sees a document changed since (a rename). */
      items: z.array(z.object({ kind: z.string(), id: z.string(), digest: z.string() })),
    })
    .nullable(),
  /** When the plan was released to this recipient; null while it is not. */
  releasedAt: z.string().nullable(),
  /** The last drill sent to this recipient, if any. */
  lastDrillAt: z.string().nullable(),
});
export type LegacyPlanRecipient = z.infer<typeof legacyPlanRecipientSchema>;

export const legacyPlanSchema = z.object({
  id: z.string(),
  details: z.string(),
  settings: legacyPlanSettingsSchema,
  state: z.enum(legacyPlanStates),
  /** Goes up with every change of items, recipients or letters: statements signed for a lower one are stale. */
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  releasedAt: z.string().nullable(),
  /** Where the trigger is (the release engine), and when time alone moves it next (null: only a person can). */
  phase: z.enum(legacyPlanPhases),
  dueAt: z.string().nullable(),
  /** A pending request's end of waiting, a time-limited release's end. */
  requestDueAt: z.string().nullable(),
  releaseEndsAt: z.string().nullable(),
  /**
   * A recipient's request the owner has not answered: who asked (the contact), when, when the plan is released unless
   * refused, and the reason, sealed by the recipient's browser to the owner's key (null when they gave none).
   */
  pendingRequest: z
    .object({
      contactId: z.string(),
      requestedAt: z.string(),
      dueAt: z.string(),
      reason: z.object({ sealed: z.string(), dek: z.string() }).nullable(),
    })
    .nullable(),
  items: z.array(z.object({ kind: z.enum(legacyItemKinds), id: z.string(), addedAt: z.string() })),
  recipients: z.array(legacyPlanRecipientSchema),
});
export type LegacyPlan = z.infer<typeof legacyPlanSchema>;

export const legacyPlanListSchema = z.object({ plans: z.array(legacyPlanSchema) });
export type LegacyPlanList = z.infer<typeof legacyPlanListSchema>;

/** What a recipient sees of a plan naming them before release: never its items, name or letters. */
export const legacyNamingPlanSchema = z.object({
  planId: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  /**
   * The owner's RSA public key, for this person's browser to seal a reason for a request to the owner alone; null
   * when this person may not ask. Served by the server, not compared by anyone (docs/file-format.md section 11.4).
   */
  ownerPublicKeyPem: z.string().nullable(),
  trigger: z.enum(["shareNow", "missedCheckIn", "request"]),
  state: z.enum(legacyPlanStates),
  releasedAt: z.string().nullable(),
  /** Where the plan's trigger is; recipients see it, never the plan's contents. */
  phase: z.enum(legacyPlanPhases),
  /** This person may ask for access (a confirmed recipient of a plan that takes requests). */
  takesRequests: z.boolean(),
  /** This person is a trustee of the plan, and the plan waits for their answer now. */
  trustee: z.boolean(),
  awaitingMyAnswer: z.boolean(),
});

export const legacySharedSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(["release", "drill"]),
  owner: z.object({ name: z.string(), email: z.string() }),
  releasedAt: z.string(),
  /** A drill expires; a release may end (time-limited plans). */
  expiresAt: z.string().nullable(),
  itemCount: z.int(),
});
export type LegacySharedSummary = z.infer<typeof legacySharedSummarySchema>;

export const legacySharedListSchema = z.object({
  shared: z.array(legacySharedSummarySchema),
  /** Plans that name me, released or not (no contents). */
  plans: z.array(legacyNamingPlanSchema),
});
export type LegacySharedList = z.infer<typeof legacySharedListSchema>;

export const legacySharedParamsSchema = z.object({ id: uuid() });

/** A released plan (or a drill) as its recipient's browser opens it. */
export const legacySharedSchema = legacySharedSummarySchema.extend({
  owner: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    signingPublicKeyPem: z.string(),
  }),
  /** The statement the owner signed for me; null if the owner's browser has not signed one yet. */
  statement: signedPlanStatementSchema.nullable(),
  /** My letter (or the drill's dummy document): sealed text and its DEK wrapped to me. */
  letter: z.object({ id: z.string(), sealed: z.string(), wrappedDek: z.string() }).nullable(),
  /** The plan's history (a release; empty for a drill), without whose action each move was. */
  history: z.array(legacyPlanEventSchema),
  documents: z.array(
    z.object({
      id: z.string(),
      wrappedDek: z.string(),
      /** The document's stored objects I may read (header, chunks, manifest), with sizes. */
      objects: z.array(z.object({ path: z.string(), size: z.int() })),
    }),
  ),
});
export type LegacyShared = z.infer<typeof legacySharedSchema>;
