import { catalogue, catalogueSw } from '@escrow/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buyerHeaders, client, DIALECTS, openWorld, type World } from '../escrow-support/world.js';

// Issue 19: the API's texts in the caller's language. The spec's English stays for English
// (and for a caller who asks for nothing); Swahili comes for the cookie a language switch sets
// or for a browser whose Accept-Language puts Swahili first. Codes never change.
describe.each(DIALECTS)("the API's messages in the caller's language on %s", (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('answers an error in Swahili for the cookie or the browser that asks for it, in English otherwise', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const wrong = order.deliveryCode === '123456' ? '654321' : '123456';
    const api = client(world.app);
    const path = `/api/buyer/orders/${order.id}`;

    const english = await api.get(path, { headers: buyerHeaders(wrong) });
    expect(english.status).toBe(404);
    expect(english.json.error).toEqual({ code: 'BUYER_ORDER_NOT_FOUND', message: catalogue.buyer.orderNotFoundOrInvalidCode });

    const byCookie = await api.get(path, { headers: { ...buyerHeaders(wrong), Cookie: 'escrow_lang=sw' } });
    expect(byCookie.status).toBe(404);
    expect(byCookie.json.error).toEqual({ code: 'BUYER_ORDER_NOT_FOUND', message: catalogueSw.buyer.orderNotFoundOrInvalidCode });
    expect(byCookie.headers.get('vary')).toMatch(/Accept-Language/);

    const byBrowser = await api.get(path, { headers: { ...buyerHeaders(wrong), 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.8' } });
    expect(byBrowser.json.error?.message).toBe(catalogueSw.buyer.orderNotFoundOrInvalidCode);

    // The device's choice of English wins over a Swahili browser.
    const chosenEnglish = await api.get(path, { headers: { ...buyerHeaders(wrong), Cookie: 'escrow_lang=en', 'Accept-Language': 'sw' } });
    expect(chosenEnglish.json.error?.message).toBe(catalogue.buyer.orderNotFoundOrInvalidCode);
  });

  it('translates the first failing field of a form and leaves data that is no text of ours as it is', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller('Amani Phones');
    const order = await world.order(sellerId);
    const api = client(world.app);
    const refused = await api.post(`/api/buyer/orders/${order.id}/refund-request`, {
      headers: { ...buyerHeaders(order.deliveryCode), Cookie: 'escrow_lang=sw', 'Idempotency-Key': 'a'.repeat(32) },
      json: { reason: '' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error?.code).toBe('VALIDATION_FAILED');
    expect(Object.values(catalogueSw.validation.refund)).toContain(refused.json.error?.message);

    const view = await api.get(`/api/buyer/orders/${order.id}`, { headers: { ...buyerHeaders(order.deliveryCode), Cookie: 'escrow_lang=sw' } });
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({ sellerBusinessName: 'Amani Phones', itemName: 'iPhone 13' });
  });
});
