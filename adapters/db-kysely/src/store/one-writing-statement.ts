import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** Statements that may write: INSERT, UPDATE, DELETE, MERGE and raw SQL (which cannot be told apart). */
const WRITING = new Set<RootOperationNode['kind']>(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode', 'RawNode']);

/**
 * EscrowStore.single's guard: the first writing statement built through it passes, a second
 * throws before it runs, since without BEGIN and COMMIT two statements would not be atomic
 * together. One plugin per call of `single`. (A query precompiled elsewhere, passed in already
 * compiled, is not seen; the outbox's claims and delivery records are built here.)
 */
export function oneWritingStatement(): KyselyPlugin {
  let writes = 0;
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      if (WRITING.has(node.kind)) {
        writes += 1;
        if (writes > 1) throw new Error('EscrowStore.single: a second writing statement; use transaction for more than one');
      }
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
}
