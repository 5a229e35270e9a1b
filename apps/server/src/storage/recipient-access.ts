/**
 * The rule hook for recipients: may `recipientId` read this object of `ownerId`'s vault? The legacy issue fills it
 * from release grants (a released scope lists the documents a recipient receives). Until then no release exists, so
 * nobody but the owner reads anything. Only reads go through here: a recipient never writes, deletes or lists.
 */
export interface RecipientAccess {
  mayRead(input: {
    recipientId: string;
    ownerId: string;
    fullPath: string;
    documentId: string | undefined;
  }): Promise<boolean>;
}

export const noReleaseGrantsYet: RecipientAccess = {
  async mayRead() {
    return false;
  },
};
