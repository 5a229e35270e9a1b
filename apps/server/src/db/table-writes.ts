import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { RawNode, TableNode } from "kysely";

const writeKinds = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);
const writeVerb = /\b(insert|update|delete|merge|truncate|replace)\b/i;

/**
 * A Kysely plugin that calls `onWrite` for every query that may write one of `tables`: once before it runs and once
 * after it ran (a reader that looked between the two sees the second call). It reads the query's tree, not its SQL:
 * an insert, update, delete or merge naming one of the tables anywhere (its target, a subquery) counts, and so does
 * any raw SQL statement holding a write verb, whatever it names. It errs towards calling too often, never too
 * seldom. Writes made by other processes are not seen (auth/session-cache.ts says what that means).
 */
export function tableWrites(tables: readonly string[], onWrite: () => void): KyselyPlugin {
  const watched = new Set(tables);
  const pending = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (mayWrite(node, watched)) {
        pending.add(queryId);
        onWrite();
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.has(queryId)) {
        pending.delete(queryId);
        onWrite();
      }
      return result;
    },
  };
}

function mayWrite(root: RootOperationNode, tables: ReadonlySet<string>): boolean {
  if (root.kind === "RawNode") return rawWrites(root);
  if (!writeKinds.has(root.kind)) return false;
  return names(root, tables);
}

function rawWrites(node: OperationNode): boolean {
  let found = false;
  visit(node, (child) => {
    if (RawNode.is(child) && child.sqlFragments.some((fragment) => writeVerb.test(fragment))) found = true;
  });
  return found;
}

function names(node: OperationNode, tables: ReadonlySet<string>): boolean {
  let found = false;
  visit(node, (child) => {
    if (TableNode.is(child) && tables.has(child.table.identifier.name)) found = true;
  });
  return found;
}

/** Every operation node under `node`, itself included. */
function visit(node: OperationNode, see: (node: OperationNode) => void): void {
  see(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) visit(item, see);
    } else if (isNode(value)) visit(value, see);
  }
}

const isNode = (value: unknown): value is OperationNode =>
  typeof value === "object" && value !== null && typeof (value as { kind?: unknown }).kind === "string";
