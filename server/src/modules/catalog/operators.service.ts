import {
  ANY_OPERATOR_CODE,
  type OperatorCreate,
  type OperatorListQuery,
  type OperatorUpdate,
} from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import { findCountry } from './countries.repository';
import {
  deleteOperator,
  exportOperators,
  findOperator,
  insertOperator,
  listOperators,
  operatorCodeTaken,
  updateOperator,
} from './operators.repository';
import { isForeignKeyViolation, isUniqueViolation } from './sql';

export type OperatorsService = ReturnType<typeof createOperatorsService>;

export function createOperatorsService({ db }: { db: Db }) {
  const mustFind = async (q: Queryable, id: number, lock = false) => {
    const operator = await findOperator(q, id, { lock });
    if (!operator) throw new AppError('OPERATOR_NOT_FOUND');
    return operator;
  };

  return {
    async list(query: OperatorListQuery) {
      const { list, total } = await listOperators(db, query);
      return paged(list, total, query);
    },

    export: (query: Pick<OperatorListQuery, 'countryCode' | 'keyword' | 'enabled'>) =>
      exportOperators(db, query),

    async create(actor: Actor, input: OperatorCreate) {
      try {
        return await db.transaction(async (tx) => {
          if (!(await findCountry(tx, input.countryCode))) throw new AppError('COUNTRY_NOT_FOUND');
          if (await operatorCodeTaken(tx, input.countryCode, input.code, null)) {
            throw new AppError('OPERATOR_EXISTS', { code: input.code });
          }
          const id = await insertOperator(tx, input);
          const created = await mustFind(tx, id);
          await audit(tx, actor, { action: 'create', entity: 'operator', entityId: id, after: created });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('OPERATOR_EXISTS', { code: input.code });
        throw error;
      }
    },

    /** The "any" operator keeps its code (every country needs it); everything else may change. */
    async update(actor: Actor, id: number, changes: OperatorUpdate) {
      try {
        return await db.transaction(async (tx) => {
          const before = await mustFind(tx, id, true);
          if (changes.code !== undefined && changes.code !== before.code) {
            if (before.code === ANY_OPERATOR_CODE || changes.code === ANY_OPERATOR_CODE) {
              throw new AppError('OPERATOR_ANY_PROTECTED');
            }
            if (await operatorCodeTaken(tx, before.countryCode, changes.code, id)) {
              throw new AppError('OPERATOR_EXISTS', { code: changes.code });
            }
          }
          await updateOperator(tx, id, changes);
          const after = await mustFind(tx, id);
          await audit(tx, actor, { action: 'update', entity: 'operator', entityId: id, before, after });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('OPERATOR_EXISTS', { code: changes.code ?? '' });
        throw error;
      }
    },

    /** Deletes an operator (its price rules go with it); the "any" one and operators in use stay. */
    async remove(actor: Actor, id: number) {
      try {
        await db.transaction(async (tx) => {
          const before = await mustFind(tx, id, true);
          if (before.code === ANY_OPERATOR_CODE) throw new AppError('OPERATOR_ANY_PROTECTED');
          await deleteOperator(tx, id);
          await audit(tx, actor, { action: 'delete', entity: 'operator', entityId: id, before });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('OPERATOR_IN_USE');
        throw error;
      }
    },
  };
}
