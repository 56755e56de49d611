import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, idempotencyKey, openSellerWorld, type SellerSession, type SellerWorld } from './seller-world.js';

describe.each(DIALECTS)('seller riders API on %s', (dialect) => {
  let world: SellerWorld;
  let amani: SellerSession;
  let baraka: SellerSession;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    amani = await world.seller('Amani Phones');
    baraka = await world.seller('Baraka Boutique');
  });
  afterAll(async () => world?.dispose());

  const list = async (seller: SellerSession) => (await world.call('GET', '/api/seller/riders', { cookie: seller.cookie })).body.data.riders as { id: string; name: string; phone: string; motorbikePlate: string }[];

  it("adds a rider with the spec's message, normalising phone and plate; a phone already listed is not added twice", async () => {
    const added = await world.call('POST', '/api/seller/riders', { cookie: amani.cookie, json: { name: ' Otieno ', phone: '0712 000 111', motorbikePlate: 'kmda  123a' }, headers: idempotencyKey() });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ rider: { name: 'Otieno', phone: '+254712000111', motorbikePlate: 'KMDA 123A' }, message: 'Rider added successfully' });
    const again = await world.call('POST', '/api/seller/riders', { cookie: amani.cookie, json: { name: 'Otieno', phone: '+254712000111', motorbikePlate: 'KMDA 123A' } });
    expect(again.body.data.rider.id).toBe(added.body.data.rider.id);
    expect((await list(amani)).filter((r) => r.phone === '+254712000111')).toHaveLength(1);
  });

  it('adds one rider when 20 adds of the same phone arrive at once: every answer is 201 with that rider (decision 0040)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const phone = `+2547130004${String(round).padStart(2, '0')}`;
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => world.call('POST', '/api/seller/riders', { cookie: amani.cookie, json: { name: `Rider ${i}`, phone, motorbikePlate: `KMD ${i}A` }, headers: idempotencyKey() })),
      );
      expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
      const ids = new Set(replies.map((r) => r.body.data.rider.id as string));
      expect(ids.size).toBe(1);
      const listed = (await list(amani)).filter((r) => r.phone === phone);
      expect(listed).toHaveLength(1);
      expect(ids.has(listed[0]!.id)).toBe(true);
    }
    expect(world.logs.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it("answers 'Please fill in all fields' when any field is missing or blank", async () => {
    for (const body of [{}, { name: 'A', phone: '0712000222' }, { name: '', phone: '0712000222', motorbikePlate: 'K' }, { name: 'A', phone: ' ', motorbikePlate: 'K' }]) {
      const reply = await world.call('POST', '/api/seller/riders', { cookie: amani.cookie, json: body });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Please fill in all fields' });
    }
  });

  it("deletes own riders ('Rider removed'); another seller's rider is not found, like a missing one", async () => {
    const phone = '+254712000333';
    await world.riderOf(amani, phone);
    const rider = (await list(amani)).find((r) => r.phone === phone);
    const foreign = await world.call('DELETE', `/api/seller/riders/${rider?.id}`, { cookie: baraka.cookie });
    const missing = await world.call('DELETE', `/api/seller/riders/${randomUUID()}`, { cookie: baraka.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.error?.message).toBe('Rider not found');
    const removed = await world.call('DELETE', `/api/seller/riders/${rider?.id}`, { cookie: amani.cookie });
    expect(removed.body.data).toEqual({ riderId: rider?.id, message: 'Rider removed' });
    expect((await list(amani)).map((r) => r.phone)).not.toContain(phone);
    expect(await list(baraka)).toEqual([]);
  });
});
