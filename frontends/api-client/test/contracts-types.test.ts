import type { AdminOrderView, Cents, PayoutView, SellerOrderView } from '@escrow/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { AdminOrder, AdminPayout } from '../src/contracts/admin.ts';
import type { BuyerOrder } from '../src/contracts/buyer.ts';
import type { Endpoints } from '../src/contracts/endpoints.ts';
import type { SellerOrder } from '../src/contracts/seller.ts';
import type { Wire } from '../src/wire.ts';

// Type tests: checked by tsc (`npx tsc -p frontends/api-client/tsconfig.json`), a no-op at run time.

describe('Wire: what JSON makes of a view', () => {
  it('turns branded cents into numbers and dates into strings, all the way down, keeping null, optional and readonly', () => {
    interface View {
      readonly price: Cents;
      readonly paidAt: Date | null;
      readonly lines: readonly { readonly amount: Cents; readonly at: Date }[];
      readonly note?: string;
      readonly status: 'paid' | 'cancelled';
    }
    expectTypeOf<Wire<View>>().toEqualTypeOf<{
      readonly price: number;
      readonly paidAt: string | null;
      readonly lines: readonly { readonly amount: number; readonly at: string }[];
      readonly note?: string;
      readonly status: 'paid' | 'cancelled';
    }>();
  });
});

describe('the contracts are the core views', () => {
  it('are Wire of the view, so money is a plain number on the frontend', () => {
    expectTypeOf<AdminOrder>().toEqualTypeOf<Wire<AdminOrderView>>();
    expectTypeOf<AdminPayout>().toEqualTypeOf<Wire<PayoutView>>();
    expectTypeOf<SellerOrder>().toEqualTypeOf<Wire<SellerOrderView>>();
    expectTypeOf<AdminOrder['price']>().toEqualTypeOf<number>();
    expectTypeOf<BuyerOrder['payment']>().exclude<null>().extract<{ configured: true }>().toHaveProperty('amount').toEqualTypeOf<number>();
    expectTypeOf<Endpoints['GET /api/admin/orders/:id']>().toEqualTypeOf<AdminOrder>();
  });

  it('change when a view changes: a field the core adds, drops or retypes is a type error in the frontends', () => {
    type Grown = Wire<AdminOrderView & { readonly refundable: boolean }>;
    type Shrunk = Wire<Omit<AdminOrderView, 'mpesaReceipt'>>;
    type Retyped = Wire<Omit<AdminOrderView, 'price'> & { readonly price: string }>;
    expectTypeOf<Grown>().not.toEqualTypeOf<AdminOrder>();
    expectTypeOf<Shrunk>().not.toEqualTypeOf<AdminOrder>();
    expectTypeOf<Retyped>().not.toEqualTypeOf<AdminOrder>();
    const answer = {} as AdminOrder;
    // @ts-expect-error an answer of today's view lacks the field a grown view has
    const grown: Grown = answer;
    // @ts-expect-error a component reading a dropped field no longer compiles
    const receipt: Shrunk['mpesaReceipt'] = answer.mpesaReceipt;
    // @ts-expect-error nor does money arithmetic on a retyped field
    const doubled: number = ({} as Retyped).price * 2;
    void [grown, receipt, doubled];
  });
});
