/**
 * The rule hook for recipients: may `recipientId` read this object of `ownerId`'s vault? Answered from release
 * grants by services/legacy-plans.service.ts (`mayRead`): the content objects (header, chunks, manifest) of a
 * document in a plan released to the recipient and wrapped to them, never the owner's key or labels. Only reads go
 * through here: a recipient never writes, deletes or lists.
 */
export interface RecipientAccess {
  mayRead(input: {
    recipientId: string;
    ownerId: string;
    fullPath: string;
    documentId: string | undefined;
  }): Promise<boolean>;
}
