import type { Db, Queryable } from '../src/db/client';

/** A node of a plan as `explain (format json)` gives it, with the fields the plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

class RolledBack extends Error {}

/**
 * Runs `statement` under EXPLAIN ANALYZE in a transaction that is rolled back, so the writes it made
 * (and whatever `before` set up on that connection: a prepared statement, a setting) are undone.
 * Returns the plan's nodes, the top one first.
 */
export async function explainUndone(
  db: Db,
  statement: string,
  values: readonly unknown[] = [],
  before: (tx: Queryable) => Promise<unknown> = async () => undefined,
): Promise<PlanNode[]> {
  let nodes: PlanNode[] = [];
  await db
    .transaction(async (tx) => {
      await before(tx);
      const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, format json) ${statement}`,
        values,
      );
      nodes = nodesOf(row!['QUERY PLAN'][0].Plan);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return nodes;
}
