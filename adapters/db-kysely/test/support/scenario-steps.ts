import fc from 'fast-check';
import { ACTOR_ROLES, STEP_KINDS, type ActorRole, type Step, type StepKind } from '@escrow/core/testing';

/**
 * Random use-case sequences for core/testing's `runScenario`, weighted towards the happy path
 * so that orders reach settlement often. (The core keeps its own generator under core/test;
 * this one is small on purpose, since each step here is a real database transaction.)
 */
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

const HAPPY_PATH: readonly StepKind[] = ['pay', 'assign', 'accept', 'pickup', 'code', 'settle', 'feedback'];

const stepArb: fc.Arbitrary<Step> = fc
  .record({
    kind: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...STEP_KINDS) }, { weight: 5, arbitrary: fc.constantFrom(...HAPPY_PATH, 'take' as const) }),
    rightful: fc.nat({ max: 9 }),
    anyRole: fc.constantFrom(...ACTOR_ROLES),
    orderPick: fc.nat({ max: 2 }),
    n: fc.nat({ max: 1000 }),
  })
  .map(({ kind, rightful, anyRole, orderPick, n }) => ({ kind, role: rightful < 7 ? RIGHTFUL[kind] : anyRole, orderPick, n }));

const happyRunArb: fc.Arbitrary<Step[]> = fc
  .record({ length: fc.integer({ min: 1, max: HAPPY_PATH.length }), orderPick: fc.nat({ max: 2 }), n: fc.nat({ max: 1000 }) })
  .map(({ length, orderPick, n }) => HAPPY_PATH.slice(0, length).map((kind) => ({ kind, role: RIGHTFUL[kind], orderPick, n })));

/** Starts by creating an order; then random steps mixed with stretches of the happy path. */
export const scenarioSteps = (maxChunks: number): fc.Arbitrary<Step[]> =>
  fc
    .tuple(stepArb, fc.array(fc.oneof({ weight: 2, arbitrary: stepArb.map((s) => [s]) }, { weight: 1, arbitrary: happyRunArb }), { minLength: 1, maxLength: maxChunks }))
    .map(([first, chunks]) => [{ ...first, kind: 'create' as const, role: 'owner' as const }, ...chunks.flat()]);
