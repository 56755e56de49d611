// The buyer's lean page (decision 0053) starts its first read of the order here, while its
// main script is still on its way: on a phone network that saves one round trip before the
// order shows. Only a link that carries the code is read early; the page's first GET of the
// same address with the same headers takes this answer over (@escrow/ui/api/request-json
// takeEarlyGet), and any difference (another code, no match) simply reads again.
(function () {
  var match = /^\/buyer\/(?:order\/)?([^/]+)\/?$/.exec(location.pathname);
  var code = new URLSearchParams(location.search).get('code');
  code = code ? code.trim() : '';
  if (!match || !code || typeof fetch !== 'function') return;
  var path = '/api/buyer/orders/' + encodeURIComponent(decodeURIComponent(match[1]));
  // As buyer-api.ts and requestJson send them.
  var headers = { 'X-Delivery-Code': code, Accept: 'application/json' };
  var gets = (window.__escrowEarlyGets = window.__escrowEarlyGets || {});
  gets[path] = { headers: headers, response: fetch(path, { method: 'GET', headers: headers, credentials: 'same-origin', cache: 'no-store' }) };
})();
