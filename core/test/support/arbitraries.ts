import fc from 'fast-check';
import { ACTOR_ROLES, STEP_KINDS, type ActorRole, type Step, type StepKind } from '../../src/testing/index.js';

/** The caller who may make each step; most generated steps use it so sequences get far. */
const RIGHTFUL: Readonly<Record<StepKind, ActorRole>> = {
  create: 'owner',
  pay: 'buyer',
  assign: 'owner',
  remove: 'owner',
  take: 'listedRider',
  accept: 'assignedRider',
  pickup: 'assignedRider',
  code: 'assignedRider',
  wrongCode: 'assignedRider',
  unlock: 'owner',
  settle: 'admin',
  cancel: 'owner',
  refundRequest: 'buyer',
  refundResolve: 'admin',
  feedback: 'buyer',
  riderPayment: 'assignedRider',
};

/** Steps weighted towards the happy path so that sequences reach the later states often. */
const kindArb: fc.Arbitrary<StepKind> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STEP_KINDS) },
  { weight: 6, arbitrary: fc.constantFrom<StepKind>('pay', 'assign', 'accept', 'pickup', 'code', 'settle', 'take') },
  { weight: 1, arbitrary: fc.constant<StepKind>('wrongCode') },
);

export const stepArb: fc.Arbitrary<Step> = fc
  .record({ kind: kindArb, rightful: fc.nat({ max: 9 }), anyRole: fc.constantFrom(...ACTOR_ROLES), orderPick: fc.nat({ max: 3 }), n: fc.nat({ max: 1000 }) })
  .map(({ kind, rightful, anyRole, orderPick, n }) => ({ kind, role: rightful < 7 ? RIGHTFUL[kind] : anyRole, orderPick, n }));

const HAPPY_PATH: readonly StepKind[] = ['pay', 'assign', 'accept', 'pickup', 'code', 'settle', 'feedback'];

/** A run of the happy path on one order, cut short at a random point (then noise resumes). */
const happyChunkArb: fc.Arbitrary<Step[]> = fc
  .record({ length: fc.integer({ min: 1, max: HAPPY_PATH.length }), orderPick: fc.nat({ max: 3 }), n: fc.nat({ max: 1000 }) })
  .map(({ length, orderPick, n }) => HAPPY_PATH.slice(0, length).map((kind) => ({ kind, role: RIGHTFUL[kind], orderPick, n })));

/** Sequences that start by creating an order, mixing random steps with happy-path runs. */
export const stepsArb = (maxChunks: number): fc.Arbitrary<Step[]> =>
  fc
    .tuple(stepArb, fc.array(fc.oneof({ weight: 3, arbitrary: stepArb.map((s) => [s]) }, { weight: 1, arbitrary: happyChunkArb }), { minLength: 1, maxLength: maxChunks }))
    .map(([first, chunks]) => [{ ...first, kind: 'create' as const, role: 'owner' as const }, ...chunks.flat()]);
