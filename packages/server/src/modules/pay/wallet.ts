import type { MemberWallet } from '@app/contract';
import { MemberError, PayError } from '@app/contract';
import type { Kysely } from 'kysely';
import { MEMBER_USER_TYPE, type AppContext, type LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { createdStamp, updatedStamp } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';

/** Why a wallet's balance moved (pay_wallet_transaction.biz_type). */
export const WALLET_BIZ = { PAYMENT: 1, PAYMENT_REFUND: 2, RECHARGE: 3 } as const;

export interface WalletOwner {
  tenantId: number;
  userId: number;
  userType: number;
}

/**
 * Wallet balances in fen. Every change is one conditional UPDATE plus its transaction row, run by
 * the caller inside its transaction: a debit only lands when the balance covers it, so a balance is
 * never negative however many debits run at once (the table's check constraint says so too).
 */
export const walletRepository = (db: Kysely<Database>) => {
  const find = (owner: WalletOwner) =>
    db
      .selectFrom('payWallet')
      .select(['id', 'balance'])
      .where('tenantId', '=', owner.tenantId)
      .where('userType', '=', owner.userType)
      .where('userId', '=', owner.userId)
      .executeTakeFirst();

  const record = (
    tenantId: number,
    walletId: number,
    biz: { type: number; id: number; title: string },
    price: number,
    balance: number,
    at: number,
  ) =>
    db
      .insertInto('payWalletTransaction')
      .values({
        tenantId,
        walletId,
        bizType: biz.type,
        bizId: biz.id,
        title: biz.title,
        price,
        balance,
        createTime: at,
      })
      .execute();

  return {
    find,

    /** The owner's balances, undefined when it never had a wallet. */
    balances: (owner: WalletOwner) =>
      db
        .selectFrom('payWallet')
        .select(['id', 'balance', 'totalExpense', 'totalRecharge'])
        .where('tenantId', '=', owner.tenantId)
        .where('userType', '=', owner.userType)
        .where('userId', '=', owner.userId)
        .executeTakeFirst(),

    /** Debits `price`; refuses with 钱包余额不足 (nothing changes) when the balance is short. */
    async debit(
      owner: WalletOwner,
      price: number,
      biz: { type: number; id: number; title: string },
      at: number,
    ): Promise<{ walletId: number; balance: number }> {
      const row = await db
        .updateTable('payWallet')
        .set((eb) => ({
          balance: eb('balance', '-', price),
          totalExpense: eb('totalExpense', '+', price),
          ...updatedStamp(at, owner.userId),
        }))
        .where('tenantId', '=', owner.tenantId)
        .where('userType', '=', owner.userType)
        .where('userId', '=', owner.userId)
        .where('balance', '>=', price)
        .returning(['id', 'balance'])
        .executeTakeFirst();
      if (!row) {
        if (!(await find(owner))) throw fail(PayError.WALLET_NOT_FOUND);
        throw fail(PayError.WALLET_BALANCE_NOT_ENOUGH);
      }
      await record(owner.tenantId, row.id, biz, -price, row.balance, at);
      return { walletId: row.id, balance: row.balance };
    },

    /** Gives back `price` of a payment to the wallet that paid it. */
    async refund(
      tenantId: number,
      walletId: number,
      price: number,
      biz: { type: number; id: number; title: string },
      at: number,
    ): Promise<void> {
      const row = await db
        .updateTable('payWallet')
        .set((eb) => ({
          balance: eb('balance', '+', price),
          totalExpense: eb('totalExpense', '-', price),
          updateTime: at,
        }))
        .where('tenantId', '=', tenantId)
        .where('id', '=', walletId)
        .returning(['balance'])
        .executeTakeFirst();
      if (!row) throw fail(PayError.WALLET_NOT_FOUND);
      await record(tenantId, walletId, biz, price, row.balance, at);
    },

    /** Adds `price` to the owner's wallet, opening it if needed. */
    async recharge(
      owner: WalletOwner,
      price: number,
      biz: { id: number; title: string },
      at: number,
    ): Promise<number> {
      await db
        .insertInto('payWallet')
        .values({
          ...owner,
          balance: 0,
          totalExpense: 0,
          totalRecharge: 0,
          ...createdStamp(at, owner.userId),
        })
        .onConflict((oc) => oc.columns(['tenantId', 'userType', 'userId']).doNothing())
        .execute();
      const row = await db
        .updateTable('payWallet')
        .set((eb) => ({
          balance: eb('balance', '+', price),
          totalRecharge: eb('totalRecharge', '+', price),
          updateTime: at,
        }))
        .where('tenantId', '=', owner.tenantId)
        .where('userType', '=', owner.userType)
        .where('userId', '=', owner.userId)
        .returning(['id', 'balance'])
        .executeTakeFirstOrThrow();
      await record(owner.tenantId, row.id, { type: WALLET_BIZ.RECHARGE, ...biz }, price, row.balance, at);
      return row.balance;
    },

    /** The wallet that paid an order (its payment transaction). */
    paymentOf: (orderId: number) =>
      db
        .selectFrom('payWalletTransaction')
        .select(['walletId', 'tenantId'])
        .where('bizType', '=', WALLET_BIZ.PAYMENT)
        .where('bizId', '=', orderId)
        .executeTakeFirst(),
  };
};

/**
 * Members' wallets, as 会员管理 shows them. Whether the member exists the member module answers
 * (`exists`, ModuleDeps.members): an unknown member, or another tenant's, is 用户不存在.
 */
export const memberWalletService = (
  ctx: AppContext,
  members: { exists(tenantId: number, userId: number): Promise<boolean> },
) => {
  const repo = walletRepository(ctx.db.kysely);
  return {
    /** The member's wallet; an empty one (no id) when it never paid or recharged by wallet. */
    async get(user: LoginUser, userId: number): Promise<MemberWallet> {
      if (!(await members.exists(user.tenantId, userId))) throw fail(MemberError.USER_NOT_EXISTS);
      const wallet = await repo.balances({ tenantId: user.tenantId, userType: MEMBER_USER_TYPE, userId });
      return wallet
        ? { ...wallet, userId }
        : { id: null, userId, balance: 0, totalExpense: 0, totalRecharge: 0 };
    },
  };
};

export type MemberWalletService = ReturnType<typeof memberWalletService>;
